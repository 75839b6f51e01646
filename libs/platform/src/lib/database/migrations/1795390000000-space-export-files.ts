import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Export as files and Git Sync (libs/content exports, issue 23): where each item of a space was
 * last written as a file (`space_export_files`, replaced whole at each sync; read whole by space,
 * so the primary key's prefix is its index), and the space's Git Sync summary as the reference's
 * `Space.gitSync` shows it (`spaces.git_sync`, written by libs/git-sync; null: no Git Sync).
 */
export class SpaceExportFiles1795390000000 implements MigrationInterface {
  name = 'SpaceExportFiles1795390000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE space_export_files (
        space_id text NOT NULL,
        kind text NOT NULL,
        item_id text NOT NULL,
        path text NOT NULL,
        parent_id text,
        name text,
        rendered_sha text,
        oid text,
        CONSTRAINT space_export_files_pkey PRIMARY KEY (space_id, kind, item_id),
        CONSTRAINT space_export_files_kind_check CHECK (kind IN ('page', 'file', 'include', 'readme', 'summary', 'vars', 'config')),
        CONSTRAINT space_export_files_space_fk FOREIGN KEY (space_id) REFERENCES spaces (id) ON DELETE CASCADE
      )`);
    await db.query(`ALTER TABLE spaces ADD COLUMN git_sync jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE spaces DROP COLUMN git_sync`);
    await db.query(`DROP TABLE space_export_files`);
  }
}
