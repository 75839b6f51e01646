import type { EntityManager } from 'typeorm';

/** The last event sequence committed in an organization (0 before its first event). */
export async function organizationSequence(tx: EntityManager, organizationId: string): Promise<number> {
  const [row]: { last: string }[] = await tx.query(`SELECT last_sequence AS last FROM event_sequences WHERE organization_id = $1`, [organizationId]);
  return row ? Number(row.last) : 0;
}
