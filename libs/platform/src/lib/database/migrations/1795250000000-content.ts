import { MigrationInterface, QueryRunner } from 'typeorm';

const ROLES = `'admin', 'create', 'review', 'edit', 'comment', 'read'`;

/**
 * Content: collections, spaces and their revisions (libs/content).
 *
 * - `position` orders siblings (spaces and collections under the same parent, or at the top
 *   level of an organization). Keys are fractional-index strings compared byte by byte, hence
 *   `COLLATE "C"`: a move writes one row, never its siblings.
 * - `default_level` is a role, 'inherit' or NULL (members get no access).
 * - A space's `revision_id` and a revision's `space_id` point at each other; the space's key is
 *   checked at commit (DEFERRABLE INITIALLY DEFERRED) so both rows are written in one transaction.
 * - The `*_sibling_order_idx` indexes are on `COALESCE(parent_id, '')` so that one index serves
 *   both the top level (NULL parent) and every collection, with keyset cursors on a non-null key.
 *   TypeORM cannot describe expression indexes: the entities declare them `synchronize: false`.
 */
export class Content1795250000000 implements MigrationInterface {
  name = 'Content1795250000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE collections (
        id text NOT NULL,
        organization_id text NOT NULL,
        parent_id text,
        title text NOT NULL,
        description text,
        default_level text DEFAULT 'inherit',
        position text COLLATE "C" NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        updated_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT collections_default_level_check CHECK (default_level IN (${ROLES}, 'inherit')),
        CONSTRAINT collections_pkey PRIMARY KEY (id),
        CONSTRAINT collections_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE,
        CONSTRAINT collections_parent_fk FOREIGN KEY (parent_id) REFERENCES collections (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX collections_parent_idx ON collections (parent_id)`);
    await db.query(
      `CREATE INDEX collections_sibling_order_idx ON collections (organization_id, (COALESCE(parent_id, '')), position, id)`,
    );

    await db.query(`
      CREATE TABLE spaces (
        id text NOT NULL,
        organization_id text NOT NULL,
        parent_id text,
        title text NOT NULL,
        emoji text NOT NULL DEFAULT '',
        icon_url text,
        visibility text NOT NULL DEFAULT 'private',
        edit_mode text NOT NULL DEFAULT 'live',
        default_level text DEFAULT 'inherit',
        language text,
        position text COLLATE "C" NOT NULL,
        revision_id text NOT NULL,
        comments integer NOT NULL DEFAULT 0,
        change_requests integer NOT NULL DEFAULT 0,
        change_requests_open integer NOT NULL DEFAULT 0,
        change_requests_draft integer NOT NULL DEFAULT 0,
        created_at timestamp(3) with time zone NOT NULL,
        updated_at timestamp(3) with time zone NOT NULL,
        deleted_at timestamp(3) with time zone,
        CONSTRAINT spaces_visibility_check CHECK (visibility IN ('public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private')),
        CONSTRAINT spaces_edit_mode_check CHECK (edit_mode IN ('live', 'locked')),
        CONSTRAINT spaces_default_level_check CHECK (default_level IN (${ROLES}, 'inherit')),
        CONSTRAINT spaces_counts_check CHECK (comments >= 0 AND change_requests >= 0 AND change_requests_open >= 0 AND change_requests_draft >= 0),
        CONSTRAINT spaces_pkey PRIMARY KEY (id),
        CONSTRAINT spaces_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE,
        CONSTRAINT spaces_parent_fk FOREIGN KEY (parent_id) REFERENCES collections (id) ON DELETE SET NULL
      )`);
    await db.query(`CREATE INDEX spaces_parent_idx ON spaces (parent_id)`);
    await db.query(
      `CREATE INDEX spaces_sibling_order_idx ON spaces (organization_id, (COALESCE(parent_id, '')), position, id) WHERE deleted_at IS NULL`,
    );
    await db.query(`CREATE INDEX spaces_organization_created_idx ON spaces (organization_id, created_at, id) WHERE deleted_at IS NULL`);

    await db.query(`
      CREATE TABLE revisions (
        id text NOT NULL,
        space_id text NOT NULL,
        parents text array NOT NULL DEFAULT '{}',
        type text NOT NULL DEFAULT 'edits',
        created_by text,
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT revisions_type_check CHECK (type IN ('edits', 'merge', 'rollback', 'update', 'computed')),
        CONSTRAINT revisions_pkey PRIMARY KEY (id),
        CONSTRAINT revisions_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE,
        CONSTRAINT revisions_created_by_fk FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await db.query(`CREATE INDEX revisions_space_idx ON revisions (space_id, created_at, id)`);
    await db.query(
      `ALTER TABLE spaces ADD CONSTRAINT spaces_revision_fk FOREIGN KEY (revision_id) REFERENCES revisions (id) DEFERRABLE INITIALLY DEFERRED`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE spaces DROP CONSTRAINT spaces_revision_fk`);
    for (const table of ['revisions', 'spaces', 'collections']) await db.query(`DROP TABLE ${table}`);
  }
}
