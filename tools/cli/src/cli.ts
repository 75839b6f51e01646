import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { Command, CommanderError, Option } from 'commander';
import {
  ApiTokensService,
  IdentityCoreModule,
  InvitesService,
  MEMBER_ROLES,
  MemberRoleOrGuest,
  OrganizationsService,
  PasswordsService,
  UsersService,
} from '@docs/identity';
import { ContentCoreModule, ContentImporter, ContentTarget, ImportSources, MarkdownExports, packSource, PackedSource, SpaceContentHead, SpaceEntity, withImportFolder } from '@docs/content';
import { AppConfig, Clock, composeApp, loadConfig, resolveDatabase, runMigrations } from '@docs/platform';
import { DeliveryStats, WebhooksCoreModule } from '@docs/webhooks';
import type { DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { addJobsCommands, TimeoutWaiting } from './cli-jobs';
import { assertWritable, destinationOf, ExportDestination, unpackInto, writeExport } from './export-destination';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** A line that replaces the previous one on a terminal (`jobs run`); `out` when absent. */
  progress?(line: string): void;
  /** The first line of standard input (`users set-password`), without its line ending. */
  readLine?(): Promise<string>;
}

type Run = <T>(
  work: (app: INestApplicationContext, database: { ownedByCli: boolean }) => Promise<T>,
  modules?: NonNullable<DynamicModule['imports']>,
) => Promise<T>;

/** Opens the database (DATABASE_URL or the checkout's embedded server) for one command. */
function runner(env: Record<string, string | undefined>): Run {
  return async (work, modules = [IdentityCoreModule]) => {
    // Logs would mix with the command's output (a token must be the last line): keep them off.
    const config: AppConfig = { ...loadConfig(env), logLevel: 'silent' };
    const database = await resolveDatabase(config, { ownerDescription: 'the operator CLI (npm run cli)' });
    try {
      if (config.runMigrations) await runMigrations(database.url);
      const app = await NestFactory.createApplicationContext(
        composeApp({ config, databaseUrl: database.url, runtime: 'cli' }, modules),
        { logger: false },
      );
      try {
        return await work(app, { ownedByCli: database.embedded !== undefined });
      } finally {
        await app.close();
      }
    } finally {
      await database.embedded?.stop();
    }
  };
}

const roleOption = () =>
  new Option('--role <role>', `${MEMBER_ROLES.join(', ')}, or guest`).choices([...MEMBER_ROLES, 'guest']).default('read');
const toRole = (role: string): MemberRoleOrGuest => (role === 'guest' ? null : (role as MemberRoleOrGuest));

export function buildProgram(io: CliIo, env: Record<string, string | undefined>): Command {
  const run = runner(env);
  const program = new Command('cli')
    .description('Operator commands, run from the checkout against the same database as the api.')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });

  const orgs = program.command('orgs').description('organizations');
  orgs
    .command('create')
    .description('create an organization whose admin is the given user (created if unknown)')
    .requiredOption('--title <title>', 'organization title (2 to 255 characters)')
    .requiredOption('--owner <email>', "the admin's email")
    .action(async (options: { title: string; owner: string }) => {
      if (options.title.trim().length < 2 || options.title.length > 255) throw new CliError('--title must have 2 to 255 characters');
      const organization = await run(async (app) => {
        const users = app.get(UsersService);
        const owner = (await users.findByEmail(options.owner)) ?? (await users.create(options.owner, undefined));
        return app.get(OrganizationsService).create({ title: options.title }, owner.id);
      });
      io.out(`created organization "${organization.title}"`);
      io.out(organization.id);
    });
  orgs
    .command('list')
    .description('list every organization')
    .action(async () => {
      const rows = await run((app) => app.get(OrganizationsService).listAll());
      for (const row of rows) io.out(`${row.id}\t${row.members} members\t${row.title}`);
    });

  program
    .command('invite')
    .description('invite a user into an organization (the user is created if unknown)')
    .requiredOption('--org <organizationId>', 'organization id')
    .requiredOption('--email <email>', "the user's email")
    .addOption(roleOption())
    .action(async (options: { org: string; email: string; role: string }) => {
      const result = await run(async (app) => {
        await app.get(OrganizationsService).get(options.org);
        return app.get(InvitesService).invite(options.org, null, { emails: [{ email: options.email, role: toRole(options.role) }] });
      });
      for (const link of result.links) io.out(`invitation link for ${link.email} (valid 7 days; also mailed when SMTP_URL is set): ${link.url}`);
      io.out(result.invited ? `invited ${options.email} as ${options.role}` : `${options.email} is already a member`);
    });

  const users = program.command('users').description('people');
  users
    .command('set-password')
    .description("set a person's password, read from standard input (one line); their sessions end")
    .requiredOption('--email <email>', "the person's email")
    .action(async (options: { email: string }) => {
      if (!io.readLine) throw new CliError('no standard input to read the password from');
      const password = await io.readLine();
      await run(async (app) => {
        const user = await app.get(UsersService).findByEmail(options.email);
        if (!user) throw new CliError(`no user has the email ${options.email}`);
        await app.get(PasswordsService).set(user.id, password, 'cli');
      });
      io.out(`password set for ${options.email}; their sessions have ended`);
    });

  const tokens = program.command('tokens').description('API tokens');
  tokens
    .command('create')
    .description("mint a token for a user; its value is printed once, on the last line")
    .requiredOption('--email <email>', "the user's email")
    .option('--label <label>', 'what the token is for', 'cli')
    .action(async (options: { email: string; label: string }) => {
      const minted = await run(async (app) => {
        const user = await app.get(UsersService).findByEmail(options.email);
        if (!user) throw new CliError(`no user has the email ${options.email}`);
        return app.get(ApiTokensService).mint(user.id, options.label);
      });
      io.out(`minted token ${minted.token.id} (${minted.token.label}) for ${options.email}; store it now, it is shown once:`);
      io.out(minted.value);
    });
  tokens
    .command('list')
    .description('list tokens (never their values), newest first')
    .option('--email <email>', "only this user's tokens")
    .action(async (options: { email?: string }) => {
      const rows = await run(async (app) => {
        const user = options.email ? await app.get(UsersService).findByEmail(options.email) : undefined;
        if (options.email && !user) throw new CliError(`no user has the email ${options.email}`);
        return app.get(ApiTokensService).list(user?.id);
      });
      for (const token of rows) {
        const state = token.revokedAt ? `revoked ${token.revokedAt.toISOString()}` : 'active';
        io.out(`${token.id}\t${token.displayPrefix}…\t${token.user?.email}\t${token.label}\tcreated ${token.createdAt.toISOString()}\t${state}`);
      }
    });
  tokens
    .command('revoke')
    .description('revoke a token: it stops working at the next request')
    .argument('<tokenId>', 'token id, as listed')
    .action(async (tokenId: string) => {
      await run((app) => app.get(ApiTokensService).revoke(tokenId));
      io.out(`revoked token ${tokenId}`);
    });
  program
    .command('import')
    .description('import a markdown, HTML or docx file, a zip, or a folder (zipped on the fly) into a space, after its top-level pages, as one revision')
    .requiredOption('--space <spaceId>', 'space id')
    .option('--api <url>', "send it to a running api (its PUBLIC_URL) as the request body, streamed, instead of writing to the database directly")
    .option('--token <token>', 'the API token to send it with (with --api; edit level on the space)')
    .argument('<path>', 'file or folder')
    .action(async (path: string, options: { space: string; api?: string; token?: string }) => {
      if ((options.api === undefined) !== (options.token === undefined)) throw new CliError('--api and --token go together');
      // A folder is zipped into a temporary file, removed afterwards; the importer reads it entry by entry.
      await withImportFolder(async (folder) => {
        let packed;
        try {
          packed = await packSource(path, folder, (files, bytes) => {
            if (files % 100 === 0) io.out(`packing: ${files} files, ${formatBytes(bytes)}`);
          });
        } catch (error) {
          throw new CliError((error as Error).message);
        }
        io.out(`packed ${packed.files} files into ${packed.name} (${formatBytes(packed.size)}); importing as ${packed.source}`);
        const started = Date.now();
        const written = options.api
          ? await importOverHttp(options.api, options.token as string, options.space, packed)
          : await run(async (app) => {
          const space = await app.get(DataSource).getRepository(SpaceEntity).findOneBy({ id: options.space });
          if (!space || space.deletedAt) throw new CliError(`no space has the id ${options.space}`);
          const file = { url: `file:///${encodeURIComponent(packed.name)}`, contentType: '', path: packed.path, size: packed.size };
          const content = await app.get(ImportSources).convert(packed.source, file);
          try {
            io.out(`converted: ${content.files.length} files and the pages of ${content.totalResources} entries; writing one revision`);
            return await app.get(ContentImporter).write(new SpaceContentHead(space.id, space.organizationId), content, { kind: 'append' }, null);
          } finally {
            content.close?.();
          }
        }, [ContentCoreModule]).then((result) => ({ ...result, revision: result.revision.id }));
        io.out(`imported ${written.importedResources} of ${written.totalResources} resources in ${((Date.now() - started) / 1000).toFixed(1)} s; revision:`);
        io.out(written.revision);
      });
    });

  program
    .command('export')
    .description("export a space (its current content, a revision, or a change request's) as markdown files in GitBook's Git Sync layout, into a new folder or a .zip file")
    .requiredOption('--space <spaceId>', 'space id')
    .option('--revision <revisionId>', 'a revision of the space (default: its current content)')
    .option('--change-request <changeRequest>', "a change request of the space, by id or number: its content")
    .option('--api <url>', 'download it from a running api (its PUBLIC_URL) instead of reading the database directly')
    .option('--token <token>', 'the API token to download it with (with --api; read level on the space)')
    .argument('<destination>', 'a new or empty folder, or a file ending in .zip')
    .action(async (path: string, options: { space: string; revision?: string; changeRequest?: string; api?: string; token?: string }) => {
      if ((options.api === undefined) !== (options.token === undefined)) throw new CliError('--api and --token go together');
      if (options.revision !== undefined && options.changeRequest !== undefined) throw new CliError('--revision and --change-request exclude each other');
      const destination = destinationOf(path);
      try {
        assertWritable(destination);
      } catch (error) {
        throw new CliError((error as Error).message);
      }
      const started = Date.now();
      const progress = (files: number) => io.out(`written: ${files} files`);
      const files = options.api
        ? await exportOverHttp(options.api, options.token as string, options, destination, progress)
        : await run(async (app) => {
            const target = await exportTarget(app.get(DataSource), options);
            const exported = await app.get(MarkdownExports).prepare(target);
            io.out(`exporting revision ${exported.revision.id}: ${exported.entries.length} files`);
            return writeExport(exported, destination, progress);
          }, [ContentCoreModule]);
      const what = destination.kind === 'file' ? `a zip of ${formatBytes(statSync(destination.path).size)}` : `${files} files`;
      io.out(`exported ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s to:`);
      io.out(destination.path);
    });
  addWebhookCommands(program, io, run);
  addJobsCommands(program.command('jobs'), {
    out: (line) => io.out(line),
    progress: (line) => (io.progress ?? io.out)(line),
    run: (work) => run(work, []),
    fail: (message) => {
      throw new CliError(message);
    },
  });
  return program;
}

/** The content `cli export` reads: the space's current content, one of its revisions, or a change request's head. */
async function exportTarget(db: DataSource, options: { space: string; revision?: string; changeRequest?: string }): Promise<ContentTarget> {
  const space = await db.getRepository(SpaceEntity).findOneBy({ id: options.space });
  if (!space || space.deletedAt) throw new CliError(`no space has the id ${options.space}`);
  const target = { organizationId: space.organizationId, spaceId: space.id, revisionId: space.revisionId, headKey: space.id as string | null };
  if (options.revision !== undefined) {
    const [row] = await db.query(`SELECT id FROM revisions WHERE id = $1 AND space_id = $2`, [options.revision, space.id]);
    if (!row) throw new CliError(`space ${space.id} has no revision ${options.revision}`);
    return { ...target, revisionId: options.revision, headKey: null };
  }
  if (options.changeRequest !== undefined) {
    const key = options.changeRequest;
    const [row]: { id: string; revision_id: string }[] = await db.query(
      `SELECT id, revision_id FROM change_requests WHERE space_id = $1 AND (id = $2 OR ($3::int IS NOT NULL AND number = $3::int))`,
      [space.id, key, /^[1-9][0-9]{0,8}$/.test(key) ? Number(key) : null],
    );
    if (!row) throw new CliError(`space ${space.id} has no change request ${key}`);
    return { ...target, revisionId: row.revision_id, headKey: row.id };
  }
  return target;
}

/** GETs the export from the api, streamed to the zip file, or to a temporary file unpacked into the folder. */
async function exportOverHttp(
  api: string,
  token: string,
  options: { space: string; revision?: string; changeRequest?: string },
  destination: ExportDestination,
  progress: (files: number) => void,
): Promise<number> {
  const base = `${api.replace(/\/+$/, '')}/v1/spaces/${encodeURIComponent(options.space)}`;
  const url = new URL(options.changeRequest !== undefined ? `${base}/change-requests/${encodeURIComponent(options.changeRequest)}/export` : `${base}/export`);
  url.search = new URLSearchParams({ format: 'markdown', ...(options.revision !== undefined ? { revision: options.revision } : {}) }).toString();
  let res: Response;
  try {
    res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  } catch (error) {
    throw new CliError(`could not reach ${url.origin}: ${(error as Error).message}`);
  }
  if (res.status !== 200 || !res.body) {
    const body = (await res.json().catch(() => undefined)) as { error?: { message: string } } | undefined;
    throw new CliError(`the api answered ${res.status}: ${body?.error?.message ?? 'no JSON body'}`);
  }
  const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
  if (destination.kind === 'file') {
    await pipeline(body, createWriteStream(destination.path, { flags: 'wx' }));
    return 1;
  }
  return withImportFolder(async (folder) => {
    const zipPath = join(folder, 'export.zip');
    await pipeline(body, createWriteStream(zipPath));
    return unpackInto(zipPath, destination.path, progress);
  });
}

/**
 * `webhooks ...`: where deliveries stand, read from the database (every worker's work), for
 * operators: throughput and lag over a window, each subscription's backlog, the latest deliveries.
 */
function addWebhookCommands(program: Command, io: CliIo, run: Run): void {
  const webhooks = program.command('webhooks').description('webhook and integration event deliveries');
  const seconds = (value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 86_400) throw new CliError('--window must be a number of seconds from 1 to 86400');
    return n;
  };
  const summaryLines = async (app: INestApplicationContext, options: { org?: string; window: number }) => {
    const summary = await app.get(DeliveryStats).summary({ now: app.get(Clock).now(), windowSeconds: options.window, organizationId: options.org });
    const attempts = Object.entries(summary.attempts).map(([outcome, n]) => `${outcome} ${n}`).join(', ') || 'none';
    const lag = summary.meanLagSeconds === null ? '-' : `${summary.meanLagSeconds.toFixed(3)} s`;
    const lines = [
      `last ${summary.windowSeconds} s: ${summary.deliveredPerSecond.toFixed(2)} deliveries/s; attempts: ${attempts}; mean write-to-delivery lag: ${lag}`,
    ];
    const worst = Math.max(0, ...summary.subscriptions.map((s) => s.lagSeconds));
    const pending = summary.subscriptions.reduce((sum, s) => sum + s.pending, 0);
    lines.push(`now: ${pending} pending deliveries; oldest undelivered event: ${worst.toFixed(1)} s`);
    return { summary, lines };
  };
  webhooks
    .command('list')
    .description("subscriptions (webhooks and integrations' installations) with their backlog and lag")
    .option('--org <organizationId>', "only this organization's")
    .option('--window <seconds>', 'window of the throughput figures', seconds, 300)
    .action(async (options: { org?: string; window: number }) => {
      const { summary, lines } = await run((app) => summaryLines(app, options), [WebhooksCoreModule]);
      for (const line of lines) io.out(line);
      io.out(['id', 'organization', 'kind', 'status', 'pending', 'behind', 'lag s', `delivered ${options.window} s`, 'failed attempts', 'url'].join('\t'));
      for (const s of summary.subscriptions) {
        const kind = s.kind === 'integration' ? `integration:${s.integrationName}` : 'webhook';
        io.out([s.id, s.organizationId, kind, s.status, s.pending, s.eventsBehind, s.lagSeconds.toFixed(1), s.delivered, s.failedAttempts, s.url ?? '-'].join('\t'));
      }
    });
  webhooks
    .command('deliveries')
    .description('throughput and lag, then the latest deliveries, newest first, with their last attempt')
    .option('--org <organizationId>', "only this organization's")
    .option('--webhook <id>', "only this subscription's (a webhook or an installation's)")
    .addOption(new Option('--status <status>', 'only deliveries in this state').choices(['pending', 'succeeded', 'failed']))
    .option('--limit <n>', 'how many', (value: string) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 1000) throw new CliError('--limit must be a number from 1 to 1000');
      return n;
    }, 20)
    .option('--window <seconds>', 'window of the throughput figures', seconds, 300)
    .action(async (options: { org?: string; webhook?: string; status?: 'pending' | 'succeeded' | 'failed'; limit: number; window: number }) => {
      const { lines, recent } = await run(async (app) => {
        const { lines } = await summaryLines(app, options);
        const recent = await app.get(DeliveryStats).recent({ organizationId: options.org, subscriptionId: options.webhook, status: options.status, limit: options.limit });
        return { lines, recent };
      }, [WebhooksCoreModule]);
      for (const line of lines) io.out(line);
      io.out(['delivery', 'subscription', 'kind', 'event', 'sequence', 'status', 'attempts', 'last', 'created', 'next attempt'].join('\t'));
      for (const d of recent) {
        const last = d.lastOutcome === null ? '-' : `${d.lastOutcome}${d.lastStatusCode === null ? '' : ` ${d.lastStatusCode}`}`;
        io.out([d.id, d.subscriptionId, d.kind, d.eventType, d.eventSequence ?? '-', d.status, d.attempts, last, d.createdAt.toISOString(), d.nextAttemptAt?.toISOString() ?? '-'].join('\t'));
      }
    });
}

/** The media type a file of each source is sent as (the import routes take these raw bodies). */
const MEDIA_TYPE: Record<string, string> = {
  zip: 'application/zip',
  markdown: 'text/markdown',
  html: 'text/html',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** POSTs the packed file to the api's import route as the raw request body, streamed from disk. */
async function importOverHttp(api: string, token: string, spaceId: string, packed: PackedSource): Promise<{ revision: string; importedResources: number; totalResources: number }> {
  const url = new URL(`${api.replace(/\/+$/, '')}/v1/spaces/${encodeURIComponent(spaceId)}/content/import`);
  url.search = new URLSearchParams({ source: packed.source, name: packed.name }).toString();
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': MEDIA_TYPE[packed.source], 'Content-Length': String(packed.size) },
      body: Readable.toWeb(createReadStream(packed.path)) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
  } catch (error) {
    throw new CliError(`could not reach ${url.origin}: ${(error as Error).message}`);
  }
  const body = (await res.json().catch(() => undefined)) as { revision: string; importedResources: number; totalResources: number; error?: { message: string } } | undefined;
  if (res.status !== 201 || !body) throw new CliError(`the api answered ${res.status}: ${body?.error?.message ?? 'no JSON body'}`);
  return body;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** A mistake of the operator: printed without a stack trace. */
export class CliError extends Error {}

/** Runs one command line; resolves to the exit code. */
export async function runCli(argv: string[], io: CliIo, env: Record<string, string | undefined> = process.env): Promise<number> {
  try {
    await buildProgram(io, env).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof TimeoutWaiting) {
      io.err(`error: ${error.message}`);
      return 2;
    }
    const status = (error as { status?: number }).status;
    if (error instanceof CliError || (typeof status === 'number' && status < 500)) {
      io.err(`error: ${(error as Error).message}`);
      return 1;
    }
    io.err(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  }
}
