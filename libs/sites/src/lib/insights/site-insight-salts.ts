import { Injectable } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import { createHmac, randomBytes } from 'node:crypto';

const DRAW_SALT = preparedStatement('site_insights_draw_salt', `INSERT INTO site_insight_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING RETURNING salt`);
const READ_SALT = preparedStatement('site_insights_read_salt', `SELECT salt FROM site_insight_salts WHERE day = $1`);

/**
 * The salt of each UTC day's visitor hashes, in the database so that every site server and the
 * api count one visitor alike: the first to need a day's salt draws it (`ON CONFLICT DO
 * NOTHING`, then everyone reads the winner's). Kept in memory for the day. The rollup deletes
 * salts of days before yesterday: from then on no hash can be matched to an address again.
 */
@Injectable()
export class SiteInsightSalts {
  private readonly salts = new Map<string, Promise<Buffer>>();

  constructor(private readonly sql: SqlPool) {}

  /** The salt of `day` (YYYY-MM-DD), drawn by the first process that needs it. */
  saltOf(day: string): Promise<Buffer> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.load(day);
      salt.catch(() => this.salts.delete(day));
      // A process running for weeks keeps only the last few days.
      if (this.salts.size >= 4) this.salts.delete(this.salts.keys().next().value!);
      this.salts.set(day, salt);
    }
    return salt;
  }

  private async load(day: string): Promise<Buffer> {
    // Drawn here unless another process drew it first: then a second read sees the winner's.
    const drawn = await this.sql.first<{ salt: Buffer }>(DRAW_SALT, [day, randomBytes(32)]);
    if (drawn) return drawn.salt;
    return (await this.sql.first<{ salt: Buffer }>(READ_SALT, [day]))!.salt;
  }
}

/** `visitor` hashed under a day's salt, for one site: 22 URL-safe characters. */
export function visitorHash(salt: Buffer, siteId: string, visitor: string): string {
  return createHmac('sha256', salt).update(`${siteId}\n${visitor}`).digest('base64url').slice(0, 22);
}
