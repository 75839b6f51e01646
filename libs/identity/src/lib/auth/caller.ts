/** Who is calling: the user behind the bearer token of this request. */
export interface Caller {
  userId: string;
  tokenId: string;
}

export interface RequestWithCaller {
  caller?: Caller;
}
