import { createTestApp, TestApp } from '@docs/platform/testing';
import { ApiModule } from './api.module';

/**
 * The schema comes from hand-written migrations only; the entities must describe exactly the
 * same tables, columns, indexes and constraints, or TypeORM's queries silently diverge from
 * the database. This asks TypeORM what it would change to match the entities: nothing.
 */
describe('migrations and entities', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ApiModule] });
  });
  afterAll(() => t.close());

  it('agree: no pending schema change', async () => {
    const log = await t.dataSource.driver.createSchemaBuilder().log();
    expect(log.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('every migration has run', async () => {
    expect(await t.dataSource.showMigrations()).toBe(false);
  });
});
