import { FetchError, SafeFetcher } from '@docs/platform';
import { externalRefs, parseSpecText, SpecFile, SpecFormat } from './spec-documents';
import { SpecProblem } from './spec-problem';

/** A spec's files as one run loaded them: the entry and every file its relative `$ref`s reach. */
export interface LoadedSpec {
  /** Path of the entry among `files`. */
  entry: string;
  /** By path relative to the deepest folder that holds them all ("openapi.yaml", "schemas/pet.yaml"). */
  files: Map<string, SpecFile>;
  /** The URL the entry was fetched from; null for a text source. */
  sourceUrl: string | null;
  bytes: number;
}

export interface SpecLimits {
  /** All files together (OPENAPI_MAX_BYTES). */
  maxBytes: number;
  /** Files, the entry included (OPENAPI_MAX_FILES). */
  maxFiles: number;
}

const ACCEPT = 'application/json, application/yaml, application/x-yaml, text/yaml, text/plain;q=0.9, */*;q=0.5';

/** The entry of a text source: no file name was given. */
export function textEntryName(format: SpecFormat): string {
  return format === 'json' ? 'openapi.json' : 'openapi.yaml';
}

/** A text source: one file; a `$ref` to another file cannot be followed (there is nowhere to fetch it from). */
export function loadText(text: string, limits: SpecLimits): LoadedSpec {
  const bytes = Buffer.byteLength(text);
  if (bytes > limits.maxBytes) {
    throw new SpecProblem('FETCH_ERROR', [{ message: `The text is ${bytes} bytes, more than the limit of ${limits.maxBytes} (OPENAPI_MAX_BYTES).` }]);
  }
  const file = parseSpecText(text, 'The text');
  const refs = externalRefs(file.document);
  if (refs.length > 0) {
    throw SpecProblem.parse(`The text refers to other files (${refs.slice(0, 3).join(', ')}): a spec given as text must be one file; give its URL instead.`, 'EXTERNAL_REFERENCE_NOT_FOUND');
  }
  const entry = textEntryName(file.format);
  return { entry, files: new Map([[entry, file]]), sourceUrl: null, bytes };
}

/**
 * Fetches the entry at `url`, then every file its `$ref`s name, breadth first, through the safe
 * fetcher (FETCH_ALLOW_HOSTS, timeouts): only files on the entry's origin, at most
 * `maxFiles` of them and `maxBytes` together. A reference elsewhere is a PARSE_ERROR that names it.
 */
export async function loadUrl(fetcher: SafeFetcher, url: string, limits: SpecLimits, signal?: AbortSignal): Promise<LoadedSpec> {
  const origin = new URL(url).origin;
  const fetched = new Map<string, { url: URL; file: SpecFile }>();
  const queue: { url: URL; from: string | null; ref: string | null }[] = [{ url: withoutHash(new URL(url)), from: null, ref: null }];
  let bytes = 0;
  while (queue.length > 0) {
    const next = queue.shift()!;
    const key = next.url.href;
    if (fetched.has(key)) continue;
    if (fetched.size >= limits.maxFiles) {
      throw new SpecProblem('FETCH_ERROR', [{ message: `The spec has more than ${limits.maxFiles} files (OPENAPI_MAX_FILES); ${next.ref} in ${next.from} is one too many.` }]);
    }
    const name = next.from ? `${next.ref} (referred to by ${next.from})` : key;
    let body: Buffer;
    try {
      const resource = await fetcher.get(key, {
        maxBytes: limits.maxBytes - bytes,
        limitName: 'OPENAPI_MAX_BYTES, for all the files of a spec together',
        headers: { accept: ACCEPT, 'user-agent': 'docs-platform-openapi/1' },
        signal,
      });
      body = resource.body;
    } catch (error) {
      throw fetchProblem(error, name);
    }
    bytes += body.length;
    const text = decodeUtf8(body, name);
    const file = parseSpecText(text, name);
    fetched.set(key, { url: next.url, file });
    for (const ref of externalRefs(file.document)) {
      let target: URL;
      try {
        target = withoutHash(new URL(ref, next.url));
      } catch {
        throw SpecProblem.parse(`${key} has a $ref that is not a valid URL: ${ref}.`, 'INVALID_REFERENCE');
      }
      if (target.origin !== origin) {
        throw SpecProblem.parse(
          `${key} refers to ${target.href}: only files on the spec's own origin (${origin}) are followed.`,
          'EXTERNAL_REFERENCE_NOT_FOUND',
        );
      }
      queue.push({ url: target, from: key, ref });
    }
  }
  return { ...arrange([...fetched.values()], withoutHash(new URL(url)).href), sourceUrl: url, bytes };
}

/** Paths relative to the deepest folder holding every file, so that relative references still resolve when served. */
function arrange(files: { url: URL; file: SpecFile }[], entryUrl: string): { entry: string; files: Map<string, SpecFile> } {
  const folders = files.map(({ url }) => url.pathname.split('/').slice(0, -1));
  let depth = Math.min(...folders.map((parts) => parts.length));
  for (let i = 0; i < depth; i++) {
    if (folders.some((parts) => parts[i] !== folders[0][i])) {
      depth = i;
      break;
    }
  }
  const paths = new Map<string, SpecFile>();
  let entry = '';
  for (const { url, file } of files) {
    const parts = url.pathname.split('/').slice(depth).map((part) => safeDecode(part));
    let path = parts.join('/');
    if (path === '' || path.endsWith('/')) path += textEntryName(file.format);
    if (paths.has(path)) throw SpecProblem.parse(`Two files of the spec would be served at the same path (${path}): they differ only by their query string.`);
    paths.set(path, file);
    if (url.href === entryUrl) entry = path;
  }
  return { entry, files: paths };
}

function withoutHash(url: URL): URL {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function decodeUtf8(body: Buffer, name: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw SpecProblem.parse(`${name} is not UTF-8 text.`);
  }
}

/** A fetch failure as the reference's code: a timeout, or any other fetch error; retryable when it may pass. */
export function fetchProblem(error: unknown, name: string): SpecProblem {
  if (error instanceof SpecProblem) return error;
  if (!(error instanceof FetchError)) throw error;
  if (error.failure === 'timeout') return new SpecProblem('FETCH_TIMEOUT', [{ message: error.message, code: 'timeout' }], true);
  const status = /HTTP status (\d{3})/.exec(error.message);
  const retryable = error.failure === 'network' || (error.failure === 'status' && status !== null && (Number(status[1]) >= 500 || status[1] === '429'));
  const message = error.message.includes(name) ? error.message : `${name}: ${error.message}`;
  return new SpecProblem('FETCH_ERROR', [{ message, code: error.failure }], retryable);
}
