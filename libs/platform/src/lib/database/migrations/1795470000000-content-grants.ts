import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Grants of a role on a space or a collection to one member or one team (issue 31,
 * libs/content/src/lib/grants). One table for the four kinds, each row naming exactly one of
 * space/collection and exactly one of user/team (check constraints); a pair is granted at most
 * once (partial unique indexes, which also serve the lookups by space and by collection).
 *
 * Rows go with what they name: a space or collection purged, a team deleted, a member leaving
 * the organization (the foreign key on the membership), so a grant never outlives its subject
 * and the next request sees the change.
 */
export class ContentGrants1795470000000 implements MigrationInterface {
  name = 'ContentGrants1795470000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE content_grants (
        id text NOT NULL,
        organization_id text NOT NULL,
        space_id text,
        collection_id text,
        user_id text,
        team_id text,
        role text NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT content_grants_pkey PRIMARY KEY (id),
        CONSTRAINT content_grants_role_check CHECK (role IN ('admin', 'create', 'review', 'edit', 'comment', 'read')),
        CONSTRAINT content_grants_object_check CHECK ((space_id IS NULL) <> (collection_id IS NULL)),
        CONSTRAINT content_grants_subject_check CHECK ((user_id IS NULL) <> (team_id IS NULL)),
        CONSTRAINT content_grants_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE,
        CONSTRAINT content_grants_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE,
        CONSTRAINT content_grants_collection_fk FOREIGN KEY (collection_id) REFERENCES collections (id) ON DELETE CASCADE,
        CONSTRAINT content_grants_team_fk FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE,
        CONSTRAINT content_grants_member_fk FOREIGN KEY (organization_id, user_id)
          REFERENCES organization_members (organization_id, user_id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE UNIQUE INDEX content_grants_space_user_idx ON content_grants (space_id, user_id) WHERE space_id IS NOT NULL AND user_id IS NOT NULL`);
    await db.query(`CREATE UNIQUE INDEX content_grants_space_team_idx ON content_grants (space_id, team_id) WHERE space_id IS NOT NULL AND team_id IS NOT NULL`);
    await db.query(
      `CREATE UNIQUE INDEX content_grants_collection_user_idx ON content_grants (collection_id, user_id) WHERE collection_id IS NOT NULL AND user_id IS NOT NULL`,
    );
    await db.query(
      `CREATE UNIQUE INDEX content_grants_collection_team_idx ON content_grants (collection_id, team_id) WHERE collection_id IS NOT NULL AND team_id IS NOT NULL`,
    );
    // A caller's grants: their own (by user) and their teams' (by team), within one organization.
    await db.query(`CREATE INDEX content_grants_user_idx ON content_grants (user_id, organization_id) WHERE user_id IS NOT NULL`);
    await db.query(`CREATE INDEX content_grants_team_idx ON content_grants (team_id) WHERE team_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE content_grants`);
  }
}
