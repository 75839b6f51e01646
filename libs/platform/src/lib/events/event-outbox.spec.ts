import { createTestApp, TestApp } from '../../testing';
import { EventOutbox } from './event-outbox';
import { EVENT_TYPES } from './event-catalog';
import { EXTENSION_EVENT_SCHEMAS } from './event-schemas';

describe('EventOutbox', () => {
  let t: TestApp;
  let outbox: EventOutbox;
  const org = (id: string) => t.dataSource.query(`INSERT INTO organizations (id, title, created_at) VALUES ($1, $1, now())`, [id]);
  const events = async (organizationId: string) =>
    (await t.dataSource.query(`SELECT id, sequence::int AS sequence, type, space_id, site_id, payload FROM events WHERE organization_id = $1 ORDER BY sequence`, [organizationId])) as {
      id: string;
      sequence: number;
      type: string;
      space_id: string | null;
      site_id: string | null;
      payload: Record<string, unknown>;
    }[];

  beforeAll(async () => {
    t = await createTestApp({ imports: [] });
    outbox = t.get(EventOutbox);
    await org('org-a');
    await org('org-b');
  });
  afterAll(() => t.close());

  it('writes events with the transaction, numbered per organization, the common fields in the payload', async () => {
    const emitted = await t.dataSource.transaction((tx) =>
      outbox.emit(tx, [
        { type: 'space_created', organizationId: 'org-a', actor: 'user-1', payload: { spaceId: 'space-1', parentId: null } },
        { type: 'site_published', organizationId: 'org-a', payload: { siteId: 'site-1' } },
        { type: 'member_added', organizationId: 'org-b', payload: { userId: 'user-2', role: 'edit' } },
      ]),
    );
    expect(emitted.map((e) => [e.organizationId, e.sequence, e.type])).toEqual([
      ['org-a', 1, 'space_created'],
      ['org-a', 2, 'site_published'],
      ['org-b', 1, 'member_added'],
    ]);
    const rows = await events('org-a');
    expect(rows.map((r) => [r.sequence, r.type, r.space_id, r.site_id])).toEqual([
      [1, 'space_created', 'space-1', null],
      [2, 'site_published', null, 'site-1'],
    ]);
    expect(rows[0].payload).toEqual({
      eventId: rows[0].id,
      type: 'space_created',
      organizationId: 'org-a',
      sequence: 1,
      createdAt: t.clock.now().toISOString(),
      auth: { userId: 'user-1' },
      spaceId: 'space-1',
      parentId: null,
    });
    expect(rows[1].payload).not.toHaveProperty('auth');
  });

  it('writes nothing when the transaction rolls back, and the sequence has no gap', async () => {
    await expect(
      t.dataSource.transaction(async (tx) => {
        await outbox.emit(tx, { type: 'space_deleted', organizationId: 'org-a', payload: { spaceId: 'space-1' } });
        throw new Error('the write failed after emitting');
      }),
    ).rejects.toThrow('the write failed');
    await t.dataSource.transaction((tx) => outbox.emit(tx, { type: 'space_restored', organizationId: 'org-a', payload: { spaceId: 'space-1' } }));
    expect((await events('org-a')).map((r) => [r.sequence, r.type])).toEqual([
      [1, 'space_created'],
      [2, 'site_published'],
      [3, 'space_restored'],
    ]);
  });

  it('refuses to emit outside a transaction, and unknown types', async () => {
    await expect(outbox.emit(t.dataSource.manager, { type: 'space_deleted', organizationId: 'org-a', payload: { spaceId: 'x' } })).rejects.toThrow('open transaction');
    await expect(
      t.dataSource.transaction((tx) => outbox.emit(tx, { type: 'nonsense' as 'space_deleted', organizationId: 'org-a', payload: { spaceId: 'x' } })),
    ).rejects.toThrow('unknown event type');
  });

  it('commits concurrent writers in sequence order: no sequence becomes visible before a lower one', async () => {
    await org('org-c');
    // 50 writers at once; each sleeps a random moment after emitting, before committing.
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.dataSource.transaction(async (tx) => {
          await outbox.emit(tx, { type: 'team_created', organizationId: 'org-c', payload: { teamId: `team-${i}` } });
          await tx.query(`SELECT pg_sleep($1)`, [Math.random() / 100]);
        }),
      ),
    );
    const rows = await events('org-c');
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const [{ last }] = await t.dataSource.query(`SELECT last_sequence::int AS last FROM event_sequences WHERE organization_id = 'org-c'`);
    expect(last).toBe(50);
  });

  it('has a schema for every extension type, and the reference names for the others', () => {
    for (const definition of EVENT_TYPES) {
      if (definition.referenceSchema) expect(EXTENSION_EVENT_SCHEMAS[definition.type]).toBeUndefined();
      else expect(EXTENSION_EVENT_SCHEMAS[definition.type]).toBeDefined();
    }
  });
});
