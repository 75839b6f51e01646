import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Change requests (libs/collaboration, issue 9). A change request is a content head of its own:
 * `revision_id` is its head revision, and its `head_pages` (and search and links) rows are keyed
 * by its id. `base_revision_id` is the space revision it last started from (its initial revision,
 * then the space revision each update merged in): the common base of the next merge or update,
 * and what `outdated` compares with the space's current revision.
 *
 * `change_request_numbers` hands out the per-space `number`: one row per space, incremented by an
 * upsert, so concurrent creations get distinct numbers and a number is never reused.
 * `change_request_contributors`: who created it or wrote in it (the `contributor` filter).
 * `unresolved_conflicts` lists the pages an update left with conflicts (both versions marked in
 * the body, or a field kept from the change request): merge is refused while it is not empty, and
 * any write of such a page in the change request resolves it.
 */
export class ChangeRequests1795290000000 implements MigrationInterface {
  name = 'ChangeRequests1795290000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE change_requests (
        id text NOT NULL,
        organization_id text NOT NULL,
        space_id text NOT NULL,
        number integer NOT NULL,
        status text NOT NULL DEFAULT 'draft',
        subject text NOT NULL DEFAULT '',
        created_by text,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        revision_id text NOT NULL,
        revision_initial_id text NOT NULL,
        base_revision_id text NOT NULL,
        revision_merged_ancestor_id text,
        revision_merged_id text,
        comments integer NOT NULL DEFAULT 0,
        unresolved_conflicts text array NOT NULL DEFAULT '{}',
        CONSTRAINT change_requests_pkey PRIMARY KEY (id),
        CONSTRAINT change_requests_status_check CHECK (status IN ('draft', 'open', 'archived', 'merged')),
        CONSTRAINT change_requests_comments_check CHECK (comments >= 0),
        CONSTRAINT change_requests_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE,
        CONSTRAINT change_requests_created_by_fk FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT change_requests_revision_fk FOREIGN KEY (revision_id) REFERENCES revisions (id)
      )`);
    await db.query(`CREATE UNIQUE INDEX change_requests_number_idx ON change_requests (space_id, number)`);
    await db.query(`CREATE INDEX change_requests_list_idx ON change_requests (space_id, status, created_at, id)`);
    await db.query(`CREATE INDEX change_requests_creator_idx ON change_requests (space_id, created_by, created_at, id)`);
    await db.query(`CREATE INDEX change_requests_revision_idx ON change_requests (revision_id)`);
    await db.query(`CREATE INDEX change_requests_merged_idx ON change_requests (revision_merged_id)`);
    await db.query(`
      CREATE TABLE change_request_numbers (
        space_id text NOT NULL,
        last_number integer NOT NULL,
        CONSTRAINT change_request_numbers_pkey PRIMARY KEY (space_id),
        CONSTRAINT change_request_numbers_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE
      )`);
    await db.query(`
      CREATE TABLE change_request_contributors (
        change_request_id text NOT NULL,
        user_id text NOT NULL,
        CONSTRAINT change_request_contributors_pkey PRIMARY KEY (change_request_id, user_id),
        CONSTRAINT change_request_contributors_change_request_fk FOREIGN KEY (change_request_id) REFERENCES change_requests (id) ON DELETE CASCADE,
        CONSTRAINT change_request_contributors_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE change_request_contributors`);
    await db.query(`DROP TABLE change_request_numbers`);
    await db.query(`DROP TABLE change_requests`);
  }
}
