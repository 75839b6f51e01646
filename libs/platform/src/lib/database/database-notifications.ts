import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Client, Notification } from 'pg';
import { SqlPool } from './sql-pool';

/**
 * What a subscriber hears: a notification on its channel; `connected` once LISTEN holds (first
 * time and after every reconnect); `lost` when the connection fails. Between `lost` and the
 * next `connected`, notifications may be missed: a cache must hold nothing then.
 */
export type NotificationEvent = 'notification' | 'connected' | 'lost';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * LISTEN on one dedicated connection of this process (not a pooled one: a pooled connection
 * changes hands and would carry the LISTEN with it), for caches that must forget what they hold
 * when any process changes the rows behind them (a trigger calls `pg_notify`). Reconnects with
 * backoff; a subscriber is told of every loss and every (re)connection.
 */
@Injectable()
export class DatabaseNotifications implements OnApplicationShutdown {
  private readonly logger = new Logger(DatabaseNotifications.name);
  private readonly subscribers = new Map<string, Set<(event: NotificationEvent) => void>>();
  private client?: Client;
  private connecting?: Promise<void>;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly sql: SqlPool) {}

  /** The server process of the LISTEN connection while it holds (diagnostics, tests). */
  get connectionPid(): number | undefined {
    return this.client && !this.connecting ? (this.client as Client & { processID?: number }).processID : undefined;
  }

  /** Calls `listener` for every event of `channel` (a plain identifier) until shutdown. */
  subscribe(channel: string, listener: (event: NotificationEvent) => void): void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    const known = this.subscribers.get(channel);
    if (known) {
      known.add(listener);
      // Already listening on it: this subscriber joins in the current state.
      if (this.client && !this.connecting) listener('connected');
      return;
    }
    this.subscribers.set(channel, new Set([listener]));
    if (this.client && !this.connecting) {
      void this.client.query(`LISTEN ${channel}`).then(
        () => listener('connected'),
        (error: unknown) => this.fail(error),
      );
    } else if (!this.connecting) {
      this.connect();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connect(): void {
    if (this.stopped) return;
    // The pool's own connection settings (URL, credentials, ssl), on a client of our own.
    const client = new Client({ ...this.sql.raw.options, keepAlive: true });
    this.connecting = (async () => {
      client.on('error', (error) => this.fail(error));
      client.on('end', () => this.fail(new Error('connection ended')));
      client.on('notification', (message: Notification) => this.emit(message.channel, 'notification'));
      await client.connect();
      for (const channel of this.subscribers.keys()) await client.query(`LISTEN ${channel}`);
    })().then(
      () => {
        this.connecting = undefined;
        if (this.stopped) return void client.end().catch(() => undefined);
        this.client = client;
        this.retryMs = RECONNECT_MIN_MS;
        for (const channel of this.subscribers.keys()) this.emit(channel, 'connected');
      },
      (error: unknown) => {
        this.connecting = undefined;
        client.removeAllListeners('end');
        void client.end().catch(() => undefined);
        this.fail(error);
      },
    );
  }

  private fail(error: unknown): void {
    if (this.stopped) return;
    const lost = this.client;
    this.client = undefined;
    if (lost) {
      lost.removeAllListeners('end');
      void lost.end().catch(() => undefined);
    }
    for (const channel of this.subscribers.keys()) this.emit(channel, 'lost');
    if (this.retryTimer || this.connecting) return;
    this.logger.warn(`Database notifications lost (${error instanceof Error ? error.message : String(error)}); retrying in ${this.retryMs} ms`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }

  private emit(channel: string, event: NotificationEvent): void {
    for (const listener of this.subscribers.get(channel) ?? []) listener(event);
  }
}
