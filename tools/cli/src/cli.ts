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
  UsersService,
} from '@docs/identity';
import { ContentCoreModule, ContentImporter, ImportSources, SpaceContentHead, SpaceEntity, withImportFolder } from '@docs/content';
import { AppConfig, composeApp, loadConfig, resolveDatabase, runMigrations } from '@docs/platform';
import type { DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { addJobsCommands, TimeoutWaiting } from './cli-jobs';
import { packSource, PackedSource } from './import-source-file';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** A line that replaces the previous one on a terminal (`jobs run`); `out` when absent. */
  progress?(line: string): void;
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
      io.out(result.invited ? `invited ${options.email} as ${options.role}` : `${options.email} is already a member`);
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
