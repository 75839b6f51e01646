import type { INestApplicationContext } from '@nestjs/common';
import { Argument, Command, Option } from 'commander';
import { SpacePurgeSweepJob } from '@docs/content';
import { RefreshSpecsJob } from '@docs/openapi-hosting';
import { JobAdmin, JobAdminError, JobDefinition, JobRecord, JOB_STATES, JobState } from '@docs/platform';
import { setTimeout as sleep } from 'node:timers/promises';

/** What the CLI needs from its caller: output, and how to open the database for one command. */
export interface JobsCliContext {
  out(line: string): void;
  /** A line that replaces the previous progress line on a terminal (a new line otherwise). */
  progress(line: string): void;
  run<T>(work: (app: INestApplicationContext, database: { ownedByCli: boolean }) => Promise<T>): Promise<T>;
  fail(message: string): never;
}

/** The scheduled kinds an operator can run now, with the payload of a manual run. */
export const RUNNABLE_JOBS: Record<string, { definition: JobDefinition<object>; payload: object; what: string }> = {
  'space-purge': { definition: SpacePurgeSweepJob, payload: {}, what: 'removes the spaces deleted more than 7 days ago' },
  'openapi-refresh': { definition: RefreshSpecsJob, payload: { force: true }, what: 'fetches every OpenAPI spec with a URL source again' },
};

const TERMINAL: JobState[] = ['completed', 'failed', 'cancelled'];
const POLL_MS = 500;

const ago = (date: Date | null) => (date ? date.toISOString() : '-');

function describeOutput(job: JobRecord): string {
  if (!job.output) return '';
  const output = job.output as Record<string, unknown>;
  if (job.state === 'failed') {
    const value = (output.value ?? output) as { message?: unknown };
    return typeof output.message === 'string' ? output.message : typeof value?.message === 'string' ? value.message : JSON.stringify(output).slice(0, 200);
  }
  return JSON.stringify(output).slice(0, 200);
}

/** `jobs list`, `jobs retry <id>`, `jobs run <kind>`, under `jobs` (made by the program: it inherits its settings). */
export function addJobsCommands(jobs: Command, context: JobsCliContext): Command {
  jobs.description('background jobs: list them, retry a failed one, run a scheduled kind now');
  jobs
    .command('list')
    .description('recent jobs, newest first: id, kind, state, attempts, created, started, finished, output or error')
    .option('--limit <n>', 'how many (1 to 1000)', '50')
    .option('--name <kind>', 'only jobs of this kind (e.g. space-purge.space, openapi-fetch)')
    .addOption(new Option('--state <state>', 'only jobs in this state').choices([...JOB_STATES]))
    .action(async (options: { limit: string; name?: string; state?: JobState }) => {
      const limit = Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) context.fail('--limit must be a whole number from 1 to 1000');
      const rows = await context.run((app) => app.get(JobAdmin).list({ limit, name: options.name, state: options.state }));
      for (const job of rows) {
        context.out(
          [job.id, job.name, job.state, `attempts ${job.retryCount + 1}/${job.retryLimit + 1}`, `created ${ago(job.createdOn)}`, `started ${ago(job.startedOn)}`, `finished ${ago(job.completedOn)}`, describeOutput(job)]
            .join('\t')
            .trimEnd(),
        );
      }
      if (rows.length === 0) context.out('no jobs');
    });
  jobs
    .command('retry')
    .description('run a failed job again (in place, or as a new job once archived); prints the id that runs')
    .argument('<jobId>', 'a job id, as listed')
    .action(async (jobId: string) => {
      const id = await context.run((app) => app.get(JobAdmin).retry(jobId)).catch(asCliError(context));
      context.out(id === jobId ? `job ${jobId} will run again` : `job ${jobId} was archived: sent again as a new job`);
      context.out(id);
    });
  jobs
    .command('run')
    .description(`run a scheduled kind now and wait for it: ${Object.entries(RUNNABLE_JOBS).map(([kind, { what }]) => `${kind} (${what})`).join('; ')}`)
    .addArgument(new Argument('<kind>', 'the kind of job').choices(Object.keys(RUNNABLE_JOBS)))
    .option('--no-wait', 'enqueue it and print its id, without waiting')
    .option('--timeout <seconds>', 'give up waiting after this long (exit 2); the job goes on')
    .action(async (kind: string, options: { wait: boolean; timeout?: string }) => {
      const runnable = RUNNABLE_JOBS[kind];
      const timeoutMs = options.timeout === undefined ? Infinity : Number(options.timeout) * 1000;
      if (!(timeoutMs > 0)) context.fail('--timeout must be a positive number of seconds');
      const failed = await context.run(async (app, database) => {
        if (options.wait && database.ownedByCli) {
          context.fail('no worker can run it: the database was not running before this command (start the api and the worker with npm start, or give --no-wait to leave the job for a later worker)');
        }
        const admin = app.get(JobAdmin);
        const id = await admin.runNow(runnable.definition, runnable.payload);
        context.out(`enqueued ${kind} job ${id}`);
        if (!options.wait) return false;
        return follow(admin, kind, id, context, Date.now() + timeoutMs);
      });
      if (failed) context.fail(`${kind} failed: see npm run cli -- jobs list --state failed`);
    });
  return jobs;
}

/** Waits for the job, then for every job it enqueued, with a progress line; answers whether any failed. */
async function follow(admin: JobAdmin, kind: string, id: string, context: JobsCliContext, deadline: number): Promise<boolean> {
  const started = Date.now();
  const job = await waitFor(admin, id, deadline, context, (current) => {
    const waiting = current.state === 'created' && Date.now() - started > 10_000 ? ' (no worker has taken it yet: is the worker running?)' : '';
    return `${kind} ${id}: ${current.state}${current.retryCount > 0 ? `, attempt ${current.retryCount + 1}` : ''}, ${Math.round((Date.now() - started) / 1000)} s${waiting}`;
  });
  if (job.state !== 'completed') {
    context.out(`${kind} ${id}: ${job.state}${describeOutput(job) ? `: ${describeOutput(job)}` : ''}`);
    return true;
  }
  const children = Array.isArray(job.output?.jobs) ? (job.output!.jobs as string[]) : [];
  context.out(`${kind} ${id}: completed in ${Math.round((Date.now() - started) / 1000)} s; ${children.length} job${children.length === 1 ? '' : 's'} to follow`);
  let failed = 0;
  let done = 0;
  for (const child of children) {
    const finished = await waitFor(admin, child, deadline, context, (current) => `${kind}: ${done} of ${children.length} done${failed ? `, ${failed} failed` : ''}; ${current.name} ${child}: ${current.state}`);
    done++;
    if (finished.state !== 'completed') {
      failed++;
      context.out(`${finished.name} ${child}: ${finished.state}: ${describeOutput(finished)}`);
    }
  }
  if (children.length > 0) context.out(`${kind}: ${done - failed} of ${children.length} completed${failed ? `, ${failed} failed` : ''}`);
  return failed > 0;
}

/** Polls a job until it ends, showing `line` of it whenever that changes. */
async function waitFor(admin: JobAdmin, id: string, deadline: number, context: JobsCliContext, line: (job: JobRecord) => string): Promise<JobRecord> {
  let last = '';
  for (;;) {
    const job = await admin.get(id);
    if (!job) throw new JobAdminError(`job ${id} disappeared from the queue`);
    if (TERMINAL.includes(job.state)) return job;
    const text = line(job);
    if (text !== last) {
      context.progress(text);
      last = text;
    }
    if (Date.now() > deadline) throw new TimeoutWaiting(id);
    await sleep(POLL_MS);
  }
}

/** Waiting ran out (--timeout): the job goes on; the CLI exits 2. */
export class TimeoutWaiting extends Error {
  constructor(readonly jobId: string) {
    super(`stopped waiting for job ${jobId} (--timeout); it goes on: npm run cli -- jobs list`);
  }
}

function asCliError(context: JobsCliContext) {
  return (error: unknown): never => {
    if (error instanceof JobAdminError) context.fail(error.message);
    throw error;
  };
}
