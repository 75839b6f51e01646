import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reviews, requested reviewers and merge rules (libs/collaboration, issue 9 items 5 and 7).
 *
 * `change_request_reviews`: one row per submitted review, with the change request head it was
 * made against (`revision_id`). A review is outdated once the head moved on, or once the same
 * reviewer submitted a newer one (`superseded`, set when the newer one is written).
 * `change_request_requested_reviewers`: pending review requests, one per (change request,
 * user); a review by that user fulfils (deletes) it and records who had asked.
 * `merge_rules` of organizations (`none` by default) and spaces (`inherit` by default), as the
 * reference's configurations, validated by the API before they are stored.
 */
export class ReviewsMergeRules1795300000000 implements MigrationInterface {
  name = 'ReviewsMergeRules1795300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE organizations ADD COLUMN merge_rules jsonb NOT NULL DEFAULT '{"type": "none"}'`);
    await db.query(`ALTER TABLE spaces ADD COLUMN merge_rules jsonb NOT NULL DEFAULT '{"type": "inherit"}'`);
    await db.query(`
      CREATE TABLE change_request_reviews (
        id text NOT NULL,
        organization_id text NOT NULL,
        change_request_id text NOT NULL,
        reviewer_id text NOT NULL,
        requested_by text,
        status text NOT NULL,
        revision_id text NOT NULL,
        superseded boolean NOT NULL DEFAULT false,
        comment text,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        CONSTRAINT change_request_reviews_pkey PRIMARY KEY (id),
        CONSTRAINT change_request_reviews_status_check CHECK (status IN ('approved', 'changes-requested')),
        CONSTRAINT change_request_reviews_change_request_fk FOREIGN KEY (change_request_id) REFERENCES change_requests (id) ON DELETE CASCADE,
        CONSTRAINT change_request_reviews_reviewer_fk FOREIGN KEY (reviewer_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT change_request_reviews_requested_by_fk FOREIGN KEY (requested_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await db.query(`CREATE INDEX change_request_reviews_list_idx ON change_request_reviews (change_request_id, created_at, id)`);
    await db.query(`CREATE INDEX change_request_reviews_reviewer_idx ON change_request_reviews (change_request_id, reviewer_id)`);
    await db.query(`
      CREATE TABLE change_request_requested_reviewers (
        change_request_id text NOT NULL,
        user_id text NOT NULL,
        organization_id text NOT NULL,
        requested_by text NOT NULL,
        revision_id text NOT NULL,
        created_at timestamptz(3) NOT NULL,
        CONSTRAINT change_request_requested_reviewers_pkey PRIMARY KEY (change_request_id, user_id),
        CONSTRAINT change_request_requested_reviewers_change_request_fk FOREIGN KEY (change_request_id) REFERENCES change_requests (id) ON DELETE CASCADE,
        CONSTRAINT change_request_requested_reviewers_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT change_request_requested_reviewers_requested_by_fk FOREIGN KEY (requested_by) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX change_request_requested_reviewers_list_idx ON change_request_requested_reviewers (change_request_id, created_at, user_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE change_request_requested_reviewers`);
    await db.query(`DROP TABLE change_request_reviews`);
    await db.query(`ALTER TABLE spaces DROP COLUMN merge_rules`);
    await db.query(`ALTER TABLE organizations DROP COLUMN merge_rules`);
  }
}
