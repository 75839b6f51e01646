import type { UserEntity } from '../users/user.entity';

/** Who is calling: the user behind the bearer token of this request. */
export interface Caller {
  userId: string;
  tokenId: string;
  /** The user, read in the token's own statement (GET /v1/user answers without another query). */
  user?: UserEntity;
}

export interface RequestWithCaller {
  caller?: Caller;
}
