import { MigrationInterface, QueryRunner } from 'typeorm';

/** Installation settings, users, organizations, memberships, API tokens and invitations. */
export class IdentityCore1795240000000 implements MigrationInterface {
  name = 'IdentityCore1795240000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE instance_settings (
        key text NOT NULL,
        value jsonb NOT NULL,
        created_at timestamp(3) with time zone NOT NULL DEFAULT now(),
        CONSTRAINT instance_settings_pkey PRIMARY KEY (key)
      )`);
    await db.query(`
      CREATE TABLE users (
        id text NOT NULL,
        email text NOT NULL,
        display_name text NOT NULL,
        photo_url text,
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT users_pkey PRIMARY KEY (id)
      )`);
    await db.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);
    await db.query(`
      CREATE TABLE organizations (
        id text NOT NULL,
        title text NOT NULL,
        type text NOT NULL DEFAULT 'business',
        email_domains text array NOT NULL DEFAULT '{}',
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT organizations_type_check CHECK (type IN ('business', 'community')),
        CONSTRAINT organizations_pkey PRIMARY KEY (id)
      )`);
    await db.query(`
      CREATE TABLE organization_members (
        organization_id text NOT NULL,
        user_id text NOT NULL,
        role text,
        disabled boolean NOT NULL DEFAULT false,
        sso boolean NOT NULL DEFAULT false,
        joined_at timestamp(3) with time zone NOT NULL,
        last_seen_at timestamp(3) with time zone,
        CONSTRAINT organization_members_role_check CHECK (role IN ('admin', 'create', 'review', 'edit', 'comment', 'read')),
        CONSTRAINT organization_members_pkey PRIMARY KEY (organization_id, user_id),
        CONSTRAINT organization_members_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE,
        CONSTRAINT organization_members_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX organization_members_joined_idx ON organization_members (organization_id, joined_at, user_id)`);
    await db.query(`CREATE INDEX organization_members_user_idx ON organization_members (user_id, joined_at, organization_id)`);
    await db.query(`
      CREATE TABLE api_tokens (
        id text NOT NULL,
        user_id text NOT NULL,
        label text NOT NULL,
        token_hash bytea NOT NULL,
        display_prefix text NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        revoked_at timestamp(3) with time zone,
        CONSTRAINT api_tokens_pkey PRIMARY KEY (id),
        CONSTRAINT api_tokens_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE UNIQUE INDEX api_tokens_hash_key ON api_tokens (token_hash)`);
    await db.query(`CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at)`);
    await db.query(`
      CREATE TABLE invitations (
        id text NOT NULL,
        organization_id text NOT NULL,
        user_id text NOT NULL,
        email text NOT NULL,
        role text,
        invited_by text,
        job_id text NOT NULL,
        created_at timestamp(3) with time zone NOT NULL,
        CONSTRAINT invitations_pkey PRIMARY KEY (id),
        CONSTRAINT invitations_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE,
        CONSTRAINT invitations_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT invitations_invited_by_fk FOREIGN KEY (invited_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await db.query(`CREATE UNIQUE INDEX invitations_job_user_key ON invitations (job_id, user_id)`);
    await db.query(`CREATE INDEX invitations_organization_idx ON invitations (organization_id, created_at, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['invitations', 'api_tokens', 'organization_members', 'organizations', 'users', 'instance_settings']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
