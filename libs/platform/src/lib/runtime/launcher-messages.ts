/**
 * What the processes `npm start` spawns tell it over their IPC channel. The launcher
 * (tools/launcher/src/launcher.js, plain JavaScript so that it stays small) prints its summary
 * from these: where the api really listens and the token, once.
 */
export type LauncherMessage =
  | {
      type: 'database-ready';
      databaseUrl: string;
      /** Set when the launcher owns an embedded server (its guardian stops it with the launcher). */
      embedded?: { dataDir: string; port: number };
      shutdownTimeoutMs: number;
    }
  | {
      type: 'api-ready';
      /** The address the server is bound to, as the operating system reports it. */
      address: string;
      port: number;
      /** PUBLIC_URL: how clients are told to reach it. */
      url: string;
      bootstrap: LauncherBootstrapSummary;
    }
  | { type: 'worker-ready'; jobs: number }
  | {
      type: 'site-ready';
      /** The address the published sites' server is bound to. */
      address: string;
      port: number;
      /** PUBLISHED_URL: where sites are opened. */
      url: string;
    };

export type LauncherBootstrapSummary =
  /** A token generated on this first start: printed once by the launcher. */
  | { kind: 'generated'; token: string; email: string; organizationTitle: string; passwordLink: string }
  /** Created with the BOOTSTRAP_TOKEN of the environment: never echoed. */
  | { kind: 'preset'; email: string; organizationTitle: string; passwordLink: string }
  | { kind: 'existing'; presetTokenUnknown: boolean };

/** Sends a message to the launcher when this process has one (spawned with an IPC channel). */
export function tellLauncher(message: LauncherMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

export function underLauncher(): boolean {
  return typeof process.send === 'function';
}
