import type { UserEntity } from '../users/user.entity';

/**
 * Who is calling: the user behind the bearer token, or behind the session cookie, of this
 * request. Exactly one of `tokenId` and `sessionId` is set; everything else answers the same.
 */
export interface Caller {
  userId: string;
  tokenId?: string;
  sessionId?: string;
  /** The user, read in the credential's own statement (GET /v1/user answers without another query). */
  user?: UserEntity;
}

export interface RequestWithCaller {
  caller?: Caller;
}
