import { createTestApp, TestApp, TestResponse } from '@docs/platform/testing';
import fc from 'fast-check';
import { ApiModule } from '../api.module';
import { extensionContract } from './extension-contracts';
import { documentOperations, Operation } from './document-operations';
import { createFuzzWorld, FuzzWorld } from './fuzz-world';
import { mergeAllOf, Schema, valueFor } from './schema-arbitrary';

/**
 * Hostile input over every operation of the project's own OpenAPI document (whatever operations
 * it has: new ones are covered as soon as they are served). Where openapi-fuzz.spec.ts checks
 * the contract of plausible requests, this sends what an attacker or a broken client sends, built
 * from one valid request of each operation:
 * - nesting: bodies and fields nested 10,000 objects or 100,000 arrays deep;
 * - NUL anywhere: in every path segment (declared or not, percent-encoded or raw), every query
 *   value and name, header values, body keys and strings at every depth;
 * - wrong containers: an array for every object of the body, an object for every array;
 * - names of Object.prototype members (`__proto__`, `constructor`, `toString`...) as fields of
 *   every object of the body and as query parameters;
 * - Unicode edge cases: lone surrogates, byte order marks, bidirectional overrides, combining
 *   marks, long grapheme clusters, noncharacters, line separators, invalid UTF-8 in the URL;
 * - huge values: long strings, long arrays, wide objects, extreme numbers, long ids and queries.
 * Every answer must be below 500, and every error in the error shape (the test client checks
 * it; 2xx bodies against the reference). FUZZ_SEED picks the valid request each is built from.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
interface Mutation {
  label: string;
  /** The request target (path and query), already encoded. */
  target?: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
  raw?: string;
  /** Sent over a socket exactly as written: the request line's target and extra header lines. */
  socket?: { target: string; headers: string[] };
}

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];

/** Strings at the edges of Unicode and of what text means. */
const UNICODE_EDGES = [
  'a\ud800b', // lone high surrogate
  '\udc00', // lone low surrogate
  '\ufeffbom', // byte order mark
  'a\u202eevil\u202c', // right-to-left override
  `e${'\u0301'.repeat(200)}`, // a base with 200 combining marks
  '👩‍👩‍👧‍👦'.repeat(20), // long grapheme clusters (zero-width joiners, 4-byte characters)
  '\uffff\ufffe', // noncharacters
  'a\u2028b\u2029c\u0085d', // line and paragraph separators, NEL
  '\u3000\u1680', // whitespace that trim() removes: blank after trimming
  'İﬃß', // characters whose case mapping changes their length
  '%00', // a literal percent sign and zeros, not a NUL
];

/** Percent-encoded bytes that are not UTF-8, or encode what is no character. */
const INVALID_UTF8 = ['%ED%A0%80', '%FF', '%C0%80', '%E0%80%80', '%F4%90%80%80'];

function deepObjects(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}
function deepArrays(levels: number): string {
  return `${'['.repeat(levels)}${']'.repeat(levels)}`;
}

/** Every object and array of a value, with the path to reach it (the value itself first). */
function containers(value: unknown, path: (string | number)[] = [], out: { path: (string | number)[]; value: object }[] = []): typeof out {
  if (value === null || typeof value !== 'object') return out;
  out.push({ path, value });
  if (Array.isArray(value)) value.forEach((item, index) => containers(item, [...path, index], out));
  else for (const [key, item] of Object.entries(value)) containers(item, [...path, key], out);
  return out;
}

/** Every string of a value with its path. */
function strings(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): typeof out {
  if (typeof value === 'string') out.push(path);
  else if (Array.isArray(value)) value.forEach((item, index) => strings(item, [...path, index], out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) strings(item, [...path, key], out);
  return out;
}

/** A deep copy of `value` with the node at `path` replaced by `replace(node)`. */
function replaceAt(value: unknown, path: (string | number)[], replace: (node: unknown) => unknown): unknown {
  if (path.length === 0) return replace(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaceAt(item, rest, replace) : item));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as object)) Object.defineProperty(out, key, { value: key === head ? replaceAt(item, rest, replace) : item, enumerable: true, writable: true, configurable: true });
  return out;
}

/** JSON text of `value` with an extra field named `name` in the object at `path` (a JSON literal, so `__proto__` stays a field). */
function withField(value: unknown, path: (string | number)[], name: string, fieldJson: string): string {
  const marker = `"__fuzz_marker_${Math.random().toString(36).slice(2)}"`;
  const marked = replaceAt(value, path, (node) => ({ ...(node as object), [JSON.parse(marker)]: 0 }));
  return JSON.stringify(marked).replace(`${marker}:0`, `${JSON.stringify(name)}:${fieldJson}`);
}

describe(`hostile input over every operation (seed ${SEED})`, () => {
  let t: TestApp;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp({ imports: [ApiModule] });
    operations = await documentOperations((await t.http.as(undefined).get('/openapi.json')).body);
  });
  afterAll(() => t.close());

  function fill(op: Operation, world: FuzzWorld, override: Record<string, string> = {}): string {
    return op.path.replace(/\{(\w+)\}/g, (_, name: string) => override[name] ?? encodeURIComponent(world.ids[name] ?? 'fuzz-unknown-id'));
  }

  function mutations(op: Operation, world: FuzzWorld, validQuery: Record<string, string | string[]>, validBody: unknown): Mutation[] {
    const out: Mutation[] = [];
    const path = fill(op, world);
    const query = validQuery;
    const queryString = new URLSearchParams(Object.entries(query).flatMap(([k, v]): [string, string][] => (Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v]]))).toString();
    const target = queryString ? `${path}?${queryString}` : path;
    const body = validBody;

    // Nesting, as the whole body and as a field (routes without a body parse and ignore it).
    out.push({ label: 'body: 10,000 nested objects', target, raw: deepObjects(10_000) });
    out.push({ label: 'body: 100,000 nested arrays', target, raw: deepArrays(100_000) });
    const firstField = Object.keys(mergeAllOf(op.body ?? {})['properties'] ?? {})[0] ?? 'fuzz';
    out.push({ label: `${firstField}: 10,000 nested objects`, target, raw: `{${JSON.stringify(firstField)}:${deepObjects(10_000)}}` });
    out.push({ label: `${firstField}: 100,000 nested arrays`, target, raw: `{${JSON.stringify(firstField)}:${deepArrays(100_000)}}` });

    // NUL in every path segment (parameters and literal segments), encoded, then raw on the socket.
    const segments = path.split('/');
    segments.forEach((segment, index) => {
      if (!segment) return;
      const nul = [...segments.slice(0, index), `${segment}%00x`, ...segments.slice(index + 1)].join('/');
      out.push({ label: `NUL in path segment ${index} (${segment.slice(0, 20)})`, target: nul, body });
    });
    out.push({ label: 'raw NUL byte in the request target', socket: { target: `${path}\u0000x`, headers: [] } });
    for (const header of ['X-Request-Id', 'If-Match', 'Accept', 'Content-Type', 'X-Fuzz']) {
      out.push({ label: `NUL in header ${header}`, socket: { target, headers: [`${header}: a\u0000b`] } });
    }
    out.push({ label: 'NUL in the bearer token', socket: { target, headers: ['Authorization: Bearer dpt_\u0000x'] } });
    // NUL in query values and names, declared or not.
    for (const parameter of op.query) out.push({ label: `NUL in query ${parameter['name']}`, target: `${target}${queryString ? '&' : '?'}${encodeURIComponent(parameter['name'])}=a%00b`, body });
    out.push({ label: 'NUL in an undeclared query parameter', target: `${target}${queryString ? '&' : '?'}fuzz=%00`, body });
    out.push({ label: 'NUL in a query parameter name', target: `${target}${queryString ? '&' : '?'}a%00b=1`, body });

    // Object.prototype member names as query parameters.
    for (const name of PROTOTYPE_NAMES) out.push({ label: `query parameter ${name}`, target: `${target}${queryString ? '&' : '?'}${name}=1`, body });

    // Invalid UTF-8 and Unicode edges in the path and the query.
    for (const bytes of INVALID_UTF8) {
      if (op.pathParams.length > 0) out.push({ label: `path parameter ${op.pathParams[0]} = ${bytes}`, target: fill(op, world, { [op.pathParams[0]]: `a${bytes}` }), body });
      out.push({ label: `query value ${bytes}`, target: `${target}${queryString ? '&' : '?'}${encodeURIComponent(op.query[0]?.['name'] ?? 'fuzz')}=${bytes}`, body });
    }
    for (const text of UNICODE_EDGES.filter((edge) => !/[\ud800-\udfff]/.test(edge.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '')))) {
      if (op.pathParams.length > 0) out.push({ label: `path parameter ${op.pathParams[0]} = ${JSON.stringify(text.slice(0, 12))}`, target: fill(op, world, { [op.pathParams[0]]: encodeURIComponent(text) }), body });
      for (const parameter of op.query) out.push({ label: `query ${parameter['name']} = ${JSON.stringify(text.slice(0, 12))}`, target: `${path}?${encodeURIComponent(parameter['name'])}=${encodeURIComponent(text)}`, body });
    }

    // Huge values in the URL.
    if (op.pathParams.length > 0) out.push({ label: `path parameter ${op.pathParams[0]} of 10,000 characters`, target: fill(op, world, { [op.pathParams[0]]: 'x'.repeat(10_000) }), body });
    for (const parameter of op.query) out.push({ label: `query ${parameter['name']} of 8,000 characters`, target: `${path}?${encodeURIComponent(parameter['name'])}=${'9'.repeat(8_000)}`, body });
    out.push({ label: 'a query of 40,000 characters (headers too large)', target: `${path}?fuzz=${'x'.repeat(40_000)}`, body });

    if (body === undefined) return out;

    // Every object of the body: an array in its place; prototype names and a NUL key as fields.
    for (const { path: at, value } of containers(body).slice(0, 12)) {
      const where = at.length ? at.join('.') : 'body';
      if (at.length > 0) out.push({ label: `${where}: ${Array.isArray(value) ? 'an object for an array' : 'an array for an object'}`, target, body: replaceAt(body, at, () => (Array.isArray(value) ? { 0: value[0] ?? 'x' } : [value])) });
      if (Array.isArray(value)) continue;
      for (const name of PROTOTYPE_NAMES) {
        for (const json of ['{"polluted":true}', '"x"']) out.push({ label: `${where}.${name} = ${json}`, target, raw: withField(body, at, name, json) });
      }
      out.push({ label: `${where}: a key with NUL`, target, raw: withField(body, at, 'a\u0000b', '1') });
      out.push({ label: `${where}: a key with a lone surrogate`, target, raw: withField(body, at, 'a\ud800', '1') });
    }

    // Every string of the body: NUL, the Unicode edges, huge.
    strings(body)
      .slice(0, 12)
      .forEach((at, index) => {
        const where = at.join('.');
        out.push({ label: `${where}: NUL`, target, body: replaceAt(body, at, (s) => `${s}\u0000`) });
        // Every edge on the first string; one each, in turn, on the others.
        const edges = index === 0 ? UNICODE_EDGES : [UNICODE_EDGES[index % UNICODE_EDGES.length], UNICODE_EDGES[0]];
        for (const edge of edges) out.push({ label: `${where}: ${JSON.stringify(edge.slice(0, 12))}`, target, body: replaceAt(body, at, () => edge) });
        out.push({ label: `${where}: 900,000 characters`, target, body: replaceAt(body, at, () => 'x'.repeat(900_000)) });
      });

    // Each declared field: huge and extreme values of every kind.
    const properties = Object.entries<Schema>(mergeAllOf(op.body ?? {})['properties'] ?? {});
    for (const [name] of properties) {
      const set = (json: string) => withField(Object.fromEntries(Object.entries(body as object).filter(([key]) => key !== name)), [], name, json);
      out.push({ label: `${name}: 100,000 items`, target, raw: set(`[${Array(100_000).fill('1').join(',')}]`) });
      out.push({ label: `${name}: 20,000 fields`, target, raw: set(`{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":1`).join(',')}}`) });
      for (const number of ['1e400', '-1e400', '1e-400', '-0', '9007199254740993', '1.7976931348623157e308', '123456789012345678901234567890']) {
        out.push({ label: `${name}: ${number}`, target, raw: set(number) });
      }
    }
    return out;
  }

  async function send(op: Operation, world: FuzzWorld, mutation: Mutation): Promise<TestResponse> {
    if (mutation.socket) return t.http.raw(op.method.toUpperCase(), mutation.socket.target, [`Authorization: Bearer ${world.token}`, ...mutation.socket.headers]);
    // Translation settings are judged by spec/api.md, not the reference (API-CONVENTIONS); webhooks, an
    // extension, by their own documented schemas.
    const contract = extensionContract(op.path, op.method);
    return t.http.send(op.method, mutation.target!, world.token, mutation.body, { raw: mutation.raw, contract });
  }

  jest.setTimeout(1_800_000);

  it('never answers 5xx, and answers every error in the error shape', async () => {
    expect(operations.length).toBeGreaterThan(20);
    const failures: string[] = [];
    const started = Date.now();
    let sent = 0;
    let world: FuzzWorld | undefined;
    let previousMethod = '';
    for (const op of operations) {
      if (!world || previousMethod !== 'get') world = await createFuzzWorld(t);
      previousMethod = op.method;
      const query: Record<string, fc.Arbitrary<unknown>> = {};
      for (const parameter of op.query) query[parameter['name']] = valueFor(parameter['schema'] ?? { type: 'string' });
      const requiredQuery = op.query.filter((p) => p['required']).map((p) => p['name'] as string);
      const [base] = fc.sample(fc.record({ query: fc.record(query, { requiredKeys: requiredQuery }), body: op.body ? valueFor(op.body) : fc.constant(undefined) }), { seed: SEED, numRuns: 1 });
      const validQuery = Object.fromEntries(Object.entries(base.query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]));
      for (const mutation of mutations(op, world, validQuery, base.body)) {
        sent++;
        const res = await send(op, world, mutation).catch((error: Error) => ({ status: 0, text: error.message }) as TestResponse);
        if (res.status === 0 || res.status >= 500) failures.push(`${op.method.toUpperCase()} ${op.path} [${mutation.label}] ${res.status}: ${res.text.slice(0, 300)}`);
      }
    }
    process.stdout.write(`Hostile input: ${sent} requests over ${operations.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}\n`);
    if (failures.length > 0) throw new Error(`${failures.length} failures (FUZZ_SEED=${SEED}):\n${failures.slice(0, 200).join('\n')}`);
  });
});
