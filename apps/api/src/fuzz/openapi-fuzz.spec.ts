import { createTestApp, RequestOptions, TestApp, TestResponse } from '@docs/platform/testing';
import fc from 'fast-check';
import { ApiModule } from '../api.module';
import { DatabaseFingerprint } from './database-fingerprint';
import { DocumentContract } from './document-contract';
import { extensionContract } from './extension-contracts';
import { documentOperations, Operation } from './document-operations';
import { createFuzzWorld, FuzzWorld } from './fuzz-world';
import { acceptsNull, mergeAllOf, Schema, valueFor, wrongTypeFor } from './schema-arbitrary';

/**
 * Property-based fuzzing of every operation of the project's own OpenAPI document (whatever
 * operations it has: new ones are fuzzed as soon as they are served). For each operation:
 * - valid requests, generated from the document's schemas: never a 5xx, never refused as
 *   malformed (a 400 may only be about state or references, e.g. an unknown id in the body); a
 *   generated body the document itself refuses (a generator is not a validator) must be refused
 *   by the API too, as the document and the API agree;
 * - invalid requests, derived from one valid request (unknown field, wrong type, null where not
 *   nullable, missing required field, NUL character, too long, not an object, repeated or
 *   out-of-range query parameter, NUL in the path or a path parameter too long, no token, not
 *   JSON): a 4xx that changes nothing in the database, for a body the document refuses too;
 * - every answer has a status the operation documents and a body that matches the schema
 *   documented for it (the test client also checks 2xx bodies against the reference API).
 * Bounded: FUZZ_RUNS valid requests per operation (default 6); FUZZ_SEED (default fixed) makes a
 * run reproducible, and is printed with every failure.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const VALID_RUNS = Number(process.env.FUZZ_RUNS ?? 6);
/** FUZZ_ONLY (a regular expression over `METHOD /path`): only those operations, to chase one failure. */
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;

/** A 400 that says the input itself is malformed (as opposed to naming an unknown id or a state). */
const MALFORMED = /should not exist|must be an? (string|number|integer|boolean|array|object)|is required|must not be null|must be (shorter|longer) than|must be one of|must not contain|is not valid JSON|must be a JSON object|must not be (greater|less) than|given more than once/;

interface Attempt {
  label: string;
  path: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
  options?: RequestOptions;
  token?: string | null;
  expect: number;
}

describe(`OpenAPI fuzz (seed ${SEED}, ${VALID_RUNS} valid runs per operation)`, () => {
  let t: TestApp;
  let operations: Operation[];
  let contract: DocumentContract;
  let database: DatabaseFingerprint;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ApiModule] });
    const raw = (await t.http.as(undefined).get('/openapi.json')).body;
    // Requests and answers are judged by the document as it is; values are generated from it dereferenced.
    contract = new DocumentContract(raw);
    operations = (await documentOperations(raw)).filter((op) => !ONLY || ONLY.test(`${op.method.toUpperCase()} ${op.path}`));
    database = await DatabaseFingerprint.of(t);
  });
  afterAll(() => t.close());

  function fill(op: Operation, world: FuzzWorld, override: Record<string, string> = {}): string {
    return op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(override[name] ?? world.ids[name] ?? 'fuzz-unknown-id'));
  }

  function queryArbitrary(op: Operation): fc.Arbitrary<Record<string, unknown>> {
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const parameter of op.query) record[parameter['name']] = valueFor(parameter['schema'] ?? { type: 'string' });
    const required = op.query.filter((p) => p['required']).map((p) => p['name'] as string);
    return fc.record(record, { requiredKeys: required });
  }

  async function send(op: Operation, world: FuzzWorld, attempt: Omit<Attempt, 'expect' | 'label'>): Promise<TestResponse> {
    const query = attempt.query && Object.keys(attempt.query).length > 0 ? attempt.query : undefined;
    const token = attempt.token === null ? undefined : (attempt.token ?? world.token);
    // Translation settings are judged by spec/api.md, not the reference (API-CONVENTIONS).
    // Webhooks are an extension resource: judged by their own contract (docs/api-decisions.md).
    const judge = extensionContract(op.path, op.method);
    return t.http.send(op.method, attempt.path, token, attempt.body, { ...attempt.options, query: query ?? attempt.options?.query, contract: judge });
  }

  /** Invalid variants of one valid request, each with the status it must get. */
  function invalidAttempts(op: Operation, world: FuzzWorld, validQuery: Record<string, unknown>, validBody: unknown): Attempt[] {
    const path = fill(op, world);
    const query = stringify(validQuery);
    const attempts: Attempt[] = [];
    const secured = !(Array.isArray(op.operation['security']) && op.operation['security'].length === 0);
    if (secured) attempts.push({ label: 'no token', path, query, body: validBody, token: null, expect: 401 });
    for (const name of op.pathParams) {
      attempts.push({ label: `NUL in path parameter ${name}`, path: fill(op, world, { [name]: 'a\u0000b' }), query, body: validBody, expect: 400 });
      const declared = mergeAllOf(((op.operation['parameters'] ?? []) as Schema[]).find((p) => p['in'] === 'path' && p['name'] === name)?.['schema'] ?? {});
      if (declared['maxLength'] !== undefined) {
        attempts.push({ label: `path parameter ${name} too long`, path: fill(op, world, { [name]: 'x'.repeat(declared['maxLength'] + 1) }), query, body: validBody, expect: 400 });
      }
    }
    if (op.query.length > 0) {
      attempts.push({ label: 'unknown query parameter', path, query: { ...query, fuzzUnknown: '1' }, body: validBody, expect: 400 });
      for (const parameter of op.query) {
        const name = parameter['name'] as string;
        const schema = mergeAllOf(parameter['schema'] ?? {});
        // A parameter that takes several values is given by repeating it.
        if (schema['type'] !== 'array') attempts.push({ label: `repeated query parameter ${name}`, path, query: { ...query, [name]: ['1', '2'] }, body: validBody, expect: 400 });
        attempts.push({ label: `NUL in query parameter ${name}`, path, query: { ...query, [name]: 'a\u0000' }, body: validBody, expect: 400 });
        if (schema['type'] === 'integer') {
          for (const bad of ['1.5', 'abc', String((schema['maximum'] ?? 1e9) + 1), String((schema['minimum'] ?? -1e9) - 1)]) {
            attempts.push({ label: `query ${name}=${bad}`, path, query: { ...query, [name]: bad }, body: validBody, expect: 400 });
          }
        }
        if (schema['enum']) attempts.push({ label: `query ${name} out of its enum`, path, query: { ...query, [name]: 'fuzz-not-a-value' }, body: validBody, expect: 400 });
      }
    }
    if (op.body) {
      const body = validBody as Record<string, unknown>;
      const schema = mergeAllOf(op.body);
      attempts.push({ label: 'unknown body field', path, query, body: { ...body, fuzzUnknownField: 1 }, expect: 400 });
      for (const raw of ['null', '[]', '"text"', '42']) attempts.push({ label: `body ${raw}`, path, query, options: { raw }, expect: 400 });
      attempts.push({ label: 'body not JSON (text/plain)', path, query, options: { raw: 'x', headers: { 'Content-Type': 'text/plain' } }, expect: 415 });
      attempts.push({ label: 'malformed JSON', path, query, options: { raw: '{"a":' }, expect: 400 });
      for (const [name, property] of Object.entries<Schema>(schema['properties'] ?? {})) {
        const merged = mergeAllOf(property);
        attempts.push({ label: `${name}: wrong type`, path, query, body: { ...body, [name]: wrongTypeFor(merged) }, expect: 400 });
        if (!acceptsNull(merged)) attempts.push({ label: `${name}: null`, path, query, body: { ...body, [name]: null }, expect: 400 });
        if (merged['type'] === 'string' && !merged['enum']) {
          attempts.push({ label: `${name}: NUL`, path, query, body: { ...body, [name]: 'a\u0000b' }, expect: 400 });
          if (merged['maxLength'] !== undefined) attempts.push({ label: `${name}: too long`, path, query, body: { ...body, [name]: 'x'.repeat(merged['maxLength'] + 1) }, expect: 400 });
        }
        if (merged['enum']) attempts.push({ label: `${name}: out of its enum`, path, query, body: { ...body, [name]: 'fuzz-not-a-value' }, expect: 400 });
        if ((schema['required'] ?? []).includes(name)) {
          const { [name]: _removed, ...without } = body;
          attempts.push({ label: `${name}: missing`, path, query, body: without, expect: 400 });
        }
      }
    }
    return attempts;
  }

  // Bounded by the number of operations: about half a second each on a quiet 2-core machine, two
  // or three times that on one shared with other test runs.
  jest.setTimeout(1_800_000);

  it('every operation: valid input is served, invalid input is a 4xx that changes nothing, every answer as documented', async () => {
    expect(operations.length).toBeGreaterThan(ONLY ? 0 : 20);
    const failures: string[] = [];
    const started = Date.now();
    let invalidCount = 0;
    let fingerprintMs = 0;
    let worldMs = 0;
    let current: FuzzWorld | undefined;
    let volatile = new Set<string>();
    let previousMethod = '';
    for (const op of operations) {
      const where = `${op.method.toUpperCase()} ${op.path}`;
      // A fresh world unless the previous operation only read (invalid requests change nothing).
      const worldStarted = Date.now();
      if (!current || previousMethod !== 'get') {
        current = await createFuzzWorld(t);
        volatile = await database.volatile(current.token);
      }
      const world = current;
      previousMethod = op.method;
      worldMs += Date.now() - worldStarted;
      const inputs = fc.record({ query: queryArbitrary(op), body: op.body ? valueFor(op.body) : fc.constant(undefined) });

      // Invalid variants of one valid request, first (so valid DELETEs have not removed their objects).
      const [base] = fc.sample(inputs, { seed: SEED, numRuns: 1 });
      let before = await database.take(volatile);
      for (const attempt of invalidAttempts(op, world, base.query, base.body)) {
        const res = await send(op, world, attempt).catch((error: Error) => ({ status: 0, text: error.message }) as TestResponse);
        invalidCount++;
        const fingerprintStarted = Date.now();
        const after = await database.take(volatile);
        fingerprintMs += Date.now() - fingerprintStarted;
        const problems = res.status === 0 ? [res.text] : contract.responseProblems(op, res);
        if (res.status !== attempt.expect) problems.push(`expected ${attempt.expect}, got ${res.status}: ${res.text.slice(0, 200)}`);
        if (before !== after) problems.push(`the database changed (${DatabaseFingerprint.changedTables(before, after).join(', ')})`);
        // A body the API refuses as malformed, the document must refuse too.
        if (attempt.body !== undefined && attempt.body !== base.body && contract.requestProblems(op, { body: attempt.body }).length === 0) {
          problems.push('the document takes this body');
        }
        before = after;
        if (problems.length > 0) failures.push(`${where} [invalid: ${attempt.label}] ${problems.join('; ')}`);
      }

      // Valid requests, generated.
      try {
        await fc.assert(
          fc.asyncProperty(inputs, async ({ query, body }) => {
            const res = await send(op, world, { path: fill(op, world), query: stringify(query), body });
            const problems = contract.responseProblems(op, res);
            const message: string = res.body?.error?.message ?? '';
            // The generator may make a body its document refuses: then the API must refuse it too.
            const documentRefuses = contract.requestProblems(op, { body });
            if (documentRefuses.length > 0) {
              if (res.status < 400) problems.push(`answered ${res.status} to a body the document refuses (${documentRefuses.join('; ')})`);
            } else {
              const refused =
                [401, 405, 413, 415].includes(res.status) ||
                (res.status === 400 && MALFORMED.test(message)) ||
                (res.status === 404 && message.startsWith('No route matches'));
              if (refused) problems.push(`valid input refused: ${res.status} ${message}`);
            }
            if (problems.length > 0) throw new Error(`${problems.join('; ')}\n  query ${JSON.stringify(query)}\n  body ${JSON.stringify(body)?.slice(0, 500)}`);
          }),
          { seed: SEED, numRuns: VALID_RUNS, endOnFailure: true },
        );
      } catch (error) {
        const lines = (error as Error).message.split('\n').filter((line) => line.trim() && !line.includes('Hint:'));
        const cause = (error as Error & { cause?: Error }).cause?.message ?? '';
        failures.push(`${where} [valid] ${[...lines.slice(0, 3), cause.slice(0, 1500)].join('\n    ')}`);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `OpenAPI fuzz: ${operations.length} operations, ${invalidCount} invalid and up to ${operations.length * VALID_RUNS} valid requests in ${seconds} s ` +
        `(fixtures ${(worldMs / 1000).toFixed(1)} s, state checks ${(fingerprintMs / 1000).toFixed(1)} s), seed ${SEED}\n`,
    );
    if (failures.length > 0) throw new Error(`${failures.length} failures (FUZZ_SEED=${SEED}):\n${failures.join('\n')}`);
  });
});

function stringify(query: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    out[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}
