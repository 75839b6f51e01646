/** Why an outbound fetch was refused or failed; callers map `tooLarge` to 413 and the rest to 400. */
export type FetchFailure =
  | 'scheme'
  | 'url'
  | 'address'
  | 'redirects'
  | 'timeout'
  | 'too-large'
  | 'status'
  | 'network';

/** A fetch that did not give a usable answer, with a sentence fit for an API error message. */
export class FetchError extends Error {
  constructor(
    readonly failure: FetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'FetchError';
  }

  get tooLarge(): boolean {
    return this.failure === 'too-large';
  }
}
