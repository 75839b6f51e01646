import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications of changes to what authenticates a request (libs/identity, issue 7): every
 * statement that updates, deletes or truncates `api_tokens` or `users` (the api, the CLI, plain
 * SQL, a foreign key's cascade) notifies `auth_changed`, delivered when it commits. Each api
 * process forgets the tokens it remembered (TokenAuthenticator) when it hears one. Inserts need
 * none: unknown tokens are never remembered.
 */
export class AuthChangedNotifications1795320000000 implements MigrationInterface {
  name = 'AuthChangedNotifications1795320000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    for (const table of ['api_tokens', 'users']) {
      await db.query(
        `CREATE TRIGGER ${table}_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed()`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['api_tokens', 'users']) await db.query(`DROP TRIGGER ${table}_auth_changed ON ${table}`);
    await db.query(`DROP FUNCTION notify_auth_changed()`);
  }
}
