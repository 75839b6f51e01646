import { Injectable } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import type { Caller } from './caller';
import { hashToken } from '../tokens/token-value';

const FIND_ACTIVE_TOKEN = preparedStatement(
  'auth_find_active_token',
  'SELECT id, user_id FROM api_tokens WHERE token_hash = $1 AND revoked_at IS NULL',
);

/**
 * Resolves a bearer token on every request: one lookup on the unique index of the token's
 * hash, as a named prepared statement (planned once per connection).
 */
@Injectable()
export class TokenAuthenticator {
  constructor(private readonly sql: SqlPool) {}

  async authenticate(value: string): Promise<Caller | undefined> {
    const row = await this.sql.first<{ id: string; user_id: string }>(FIND_ACTIVE_TOKEN, [hashToken(value)]);
    return row ? { userId: row.user_id, tokenId: row.id } : undefined;
  }
}
