import { readdirSync } from 'node:fs';
import { MIGRATIONS } from './index';

/**
 * Branches made side by side pick timestamps alike; TypeORM orders and records migrations by the
 * timestamp ending their name, so two alike or out of order would run in an order nobody chose.
 */
describe('MIGRATIONS', () => {
  const timestamps = MIGRATIONS.map((migration) => {
    const name = new migration().name ?? migration.name;
    const match = /^[A-Za-z]+(\d{13})$/.exec(name);
    if (!match) throw new Error(`${name}: a migration's name is its class name ending in a 13-digit timestamp`);
    return Number(match[1]);
  });

  it('have unique timestamps, listed oldest first', () => {
    expect(new Set(timestamps).size).toBe(timestamps.length);
    expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));
  });

  it('name their class and their file by the same timestamp, and every file is listed', () => {
    const files = readdirSync(__dirname).filter((file) => /^\d{13}-.*\.ts$/.test(file) && !file.endsWith('.spec.ts'));
    expect(files.map((file) => Number(file.slice(0, 13))).sort((a, b) => a - b)).toEqual(timestamps);
    for (const migration of MIGRATIONS) expect(new migration().name).toBe(migration.name);
  });
});
