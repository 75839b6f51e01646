import { Injectable } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import type { Caller } from './caller';
import { hashToken } from '../tokens/token-value';
import { userFromRow } from '../users/users.service';

const FIND_ACTIVE_TOKEN = preparedStatement(
  'auth_find_active_token_with_user',
  `SELECT t.id AS token_id, u.id, u.email, u.display_name, u.photo_url, u.created_at
     FROM api_tokens t JOIN users u ON u.id = t.user_id
    WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
);

/**
 * Resolves a bearer token on every request: one lookup on the unique index of the token's
 * hash, as a named prepared statement (planned once per connection), with its user (a primary
 * key lookup in the same round trip) so that GET /v1/user needs no other query.
 */
@Injectable()
export class TokenAuthenticator {
  constructor(private readonly sql: SqlPool) {}

  async authenticate(value: string): Promise<Caller | undefined> {
    const row = await this.sql.first<Parameters<typeof userFromRow>[0] & { token_id: string }>(FIND_ACTIVE_TOKEN, [hashToken(value)]);
    return row ? { userId: row.id, tokenId: row.token_id, user: userFromRow(row) } : undefined;
  }
}
