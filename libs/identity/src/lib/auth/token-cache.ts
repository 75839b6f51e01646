import type { DatabaseNotifications } from '@docs/platform';
import type { Caller } from './caller';

/** How long a token's lookup is trusted at most, even with no notification (a silent network partition). */
export const TOKEN_CACHE_TTL_MS = 30_000;
/** Tokens remembered per process; the oldest is forgotten first. */
export const TOKEN_CACHE_MAX_ENTRIES = 10_000;

/**
 * Recently authenticated tokens (by the hash of their value) and their callers, so that a request
 * with a known token runs no statement for it. Correct only while it hears every change to
 * `api_tokens` and `users`: the owner (TokenAuthenticator) opens it on `connected`, and clears and
 * closes it on every notification and on `lost`. Closed, it neither answers nor remembers.
 *
 * A lookup that started before a change and ends after its notification must not be remembered
 * (it may have read the row before the change): `remember` takes the generation the lookup
 * started in, and every clear starts a new one.
 */
export class TokenCache {
  private readonly entries = new Map<string, { caller: Caller; until: number }>();
  private currentGeneration = 0;
  private open = false;

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = TOKEN_CACHE_TTL_MS,
    private readonly maxEntries = TOKEN_CACHE_MAX_ENTRIES,
  ) {}

  /** The generation a lookup starts in (pass it to `remember`). */
  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  find(key: string): Caller | undefined {
    if (!this.open) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.caller;
  }

  /** Remembers a lookup's result unless the cache is closed or was cleared since `generation`. */
  remember(key: string, caller: Caller, generation: number): void {
    if (!this.open || generation !== this.currentGeneration) return;
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { caller, until: this.now() + this.ttlMs });
  }

  /** Forgets everything (a token or a user changed somewhere); lookups in flight are not remembered. */
  clear(): void {
    this.currentGeneration++;
    this.entries.clear();
  }

  /** Opened once notifications are heard, closed (and cleared) when they may be missed. */
  setOpen(open: boolean): void {
    this.clear();
    this.open = open;
  }
}

/**
 * Keeps a cache of callers right for as long as it lives: cleared on every `channel` notification
 * (a token, a user or a session changed somewhere), closed while the notifications may be missed.
 */
export function followChanges(notifications: DatabaseNotifications, channel: string, cache: TokenCache): void {
  notifications.subscribe(channel, (event) => {
    if (event === 'notification') cache.clear();
    else cache.setOpen(event === 'connected');
  });
}
