import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';

/**
 * Signing keys of this installation (cursor signatures, visitor-claim tokens), generated on
 * first use and kept in `instance_settings` so that every process and every restart signs and
 * verifies with the same key. Loaded once per process, then served from memory.
 */
@Injectable()
export class InstanceSecrets {
  private readonly cache = new Map<string, Promise<Buffer>>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get(name: string): Promise<Buffer> {
    let secret = this.cache.get(name);
    if (!secret) {
      secret = this.loadOrCreate(name);
      secret.catch(() => this.cache.delete(name));
      this.cache.set(name, secret);
    }
    return secret;
  }

  private async loadOrCreate(name: string): Promise<Buffer> {
    const key = `secret:${name}`;
    const candidate = randomBytes(32).toString('base64');
    // Two processes starting together may both try to create it: the first insert wins and
    // both read the stored value.
    await this.dataSource.query(
      `INSERT INTO instance_settings (key, value) VALUES ($1, to_jsonb($2::text)) ON CONFLICT (key) DO NOTHING`,
      [key, candidate],
    );
    const rows: { value: string }[] = await this.dataSource.query(`SELECT value FROM instance_settings WHERE key = $1`, [key]);
    return Buffer.from(rows[0].value, 'base64');
  }
}
