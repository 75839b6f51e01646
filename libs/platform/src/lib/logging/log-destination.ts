import type { DestinationStream } from 'pino';
import type { LogFormat } from '../config/app-config';

/**
 * Where a process's log lines go. JSON lines on stdout are the default everywhere a machine reads
 * them (containers, files, pipes); on a terminal (`auto` with stdout a TTY, or `pretty`) each line
 * is rendered by pino-pretty for the person watching `npm start`. Pretty lines are written
 * synchronously in this process (no worker thread): a terminal is slow anyway, and a crash
 * loses no line. `undefined`: pino's own stdout destination.
 */
export function logDestination(format: LogFormat, stdout: Terminal = process.stdout): DestinationStream | undefined {
  if (!prettyLogs(format, stdout)) return undefined;
  // Required here, not imported: processes that log JSON never load it.
  const pretty = require('pino-pretty') as typeof import('pino-pretty');
  return pretty({
    colorize: stdout.isTTY === true,
    sync: true,
    // stdout itself through its file descriptor (what pino does too); any other stream as given.
    destination: stdout === process.stdout ? 1 : (stdout as NodeJS.WritableStream),
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,req,res,responseTime,reqId',
    // The request line's fields in one short line; errors keep their stack below.
    messageFormat: '{if context}[{context}] {end}{msg}{if req.method} {req.method} {req.url} {res.statusCode} {responseTime}ms{end}{if reqId} (request {reqId}){end}',
    hideObject: false,
    singleLine: false,
  });
}

/** What `logDestination` needs to know of stdout (and, in tests, where it writes). */
export type Terminal = { isTTY?: boolean } & Partial<NodeJS.WritableStream>;

export function prettyLogs(format: LogFormat, stdout: Terminal = process.stdout): boolean {
  return format === 'pretty' || (format === 'auto' && stdout.isTTY === true);
}
