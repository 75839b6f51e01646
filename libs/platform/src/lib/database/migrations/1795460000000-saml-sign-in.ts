import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signing in through a SAML provider (issue 29, libs/identity/src/lib/saml):
 *
 * - `saml_requests`: the AuthnRequests this installation sent and no response has answered yet,
 *   so that a response's `InResponseTo` is checked by whichever api process receives it. Used
 *   once (a sign-in removes its request), expiring.
 * - `saml_assertions`: the ids of the assertions that signed someone in, kept until the
 *   assertion's `NotOnOrAfter` (and the clock skew allowed) has passed, so that none is
 *   accepted twice.
 *
 * The hourly sign-in sweep removes the expired rows of both.
 */
export class SamlSignIn1795460000000 implements MigrationInterface {
  name = 'SamlSignIn1795460000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE saml_requests (
        provider_id text NOT NULL,
        id text NOT NULL,
        created_at timestamptz(3) NOT NULL,
        expires_at timestamptz(3) NOT NULL,
        CONSTRAINT saml_requests_pkey PRIMARY KEY (provider_id, id),
        CONSTRAINT saml_requests_provider_fk FOREIGN KEY (provider_id) REFERENCES saml_providers (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX saml_requests_expires_idx ON saml_requests (expires_at)`);
    await db.query(`
      CREATE TABLE saml_assertions (
        provider_id text NOT NULL,
        assertion_id text NOT NULL,
        expires_at timestamptz(3) NOT NULL,
        CONSTRAINT saml_assertions_pkey PRIMARY KEY (provider_id, assertion_id),
        CONSTRAINT saml_assertions_provider_fk FOREIGN KEY (provider_id) REFERENCES saml_providers (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX saml_assertions_expires_idx ON saml_assertions (expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE saml_assertions`);
    await db.query(`DROP TABLE saml_requests`);
  }
}
