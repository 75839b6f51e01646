import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People sign in (issue 29, libs/identity):
 *
 * - `user_passwords`: a person's argon2id hash (PHC string), one row per user who has one; a
 *   table of its own so that reading a user never reads it.
 * - `sessions`: server-side sessions; the cookie carries a random value whose SHA-256 is
 *   `token_hash` (the lookup of every cookie request). Idle and absolute expiry are checked on
 *   read; `last_seen_at` moves at most once a minute. Deleting a session (sign out, password
 *   change, a member removed) notifies `auth_changed`, so every api process forgets the sessions
 *   it remembered; updates of `last_seen_at` notify nothing (they change no one's access).
 * - Removing a member ends the person's sessions in the same statement, whatever removes it
 *   (the API, the CLI, an organization's deletion, plain SQL): a statement-level trigger.
 * - `account_links`: one-time links (choose a password on the first start, reset it, accept an
 *   invitation), stored as the SHA-256 of their secret, used once, expiring.
 */
export class SignIn1795450000000 implements MigrationInterface {
  name = 'SignIn1795450000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE user_passwords (
        user_id text NOT NULL,
        hash text NOT NULL,
        changed_at timestamptz(3) NOT NULL,
        CONSTRAINT user_passwords_pkey PRIMARY KEY (user_id),
        CONSTRAINT user_passwords_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await db.query(`
      CREATE TABLE sessions (
        id text NOT NULL,
        token_hash bytea NOT NULL,
        user_id text NOT NULL,
        method text NOT NULL,
        saml_provider_id text,
        created_at timestamptz(3) NOT NULL,
        last_seen_at timestamptz(3) NOT NULL,
        expires_at timestamptz(3) NOT NULL,
        user_agent text,
        CONSTRAINT sessions_pkey PRIMARY KEY (id),
        CONSTRAINT sessions_method_check CHECK (method IN ('password', 'saml', 'link')),
        CONSTRAINT sessions_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT sessions_saml_provider_fk FOREIGN KEY (saml_provider_id) REFERENCES saml_providers (id) ON DELETE SET NULL
      )`);
    await db.query(`CREATE UNIQUE INDEX sessions_token_hash_key ON sessions (token_hash)`);
    await db.query(`CREATE INDEX sessions_user_idx ON sessions (user_id, created_at)`);
    await db.query(`CREATE INDEX sessions_expires_idx ON sessions (expires_at)`);
    await db.query(`CREATE INDEX sessions_saml_provider_idx ON sessions (saml_provider_id) WHERE saml_provider_id IS NOT NULL`);
    await db.query(
      `CREATE TRIGGER sessions_auth_changed AFTER DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed()`,
    );
    await db.query(`
      CREATE FUNCTION end_sessions_of_removed_members() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM sessions s USING (SELECT DISTINCT user_id FROM removed) r WHERE s.user_id = r.user_id;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER organization_members_end_sessions AFTER DELETE ON organization_members
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION end_sessions_of_removed_members()`);
    await db.query(`
      CREATE TABLE account_links (
        id text NOT NULL,
        token_hash bytea NOT NULL,
        user_id text NOT NULL,
        purpose text NOT NULL,
        organization_id text,
        created_at timestamptz(3) NOT NULL,
        expires_at timestamptz(3) NOT NULL,
        used_at timestamptz(3),
        CONSTRAINT account_links_pkey PRIMARY KEY (id),
        CONSTRAINT account_links_purpose_check CHECK (purpose IN ('choose-password', 'reset-password', 'invitation')),
        CONSTRAINT account_links_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT account_links_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE UNIQUE INDEX account_links_token_hash_key ON account_links (token_hash)`);
    await db.query(`CREATE INDEX account_links_user_idx ON account_links (user_id, purpose)`);
    await db.query(`CREATE INDEX account_links_organization_idx ON account_links (organization_id) WHERE organization_id IS NOT NULL`);
    await db.query(`CREATE INDEX account_links_expires_idx ON account_links (expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE account_links`);
    await db.query(`DROP TRIGGER organization_members_end_sessions ON organization_members`);
    await db.query(`DROP FUNCTION end_sessions_of_removed_members()`);
    await db.query(`DROP TABLE sessions`);
    await db.query(`DROP TABLE user_passwords`);
  }
}
