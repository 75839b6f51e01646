import { normalizeNullable, TestResponse } from '@docs/platform/testing';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Operation } from './document-operations';
import type { Schema } from './schema-arbitrary';

const JSON_MEDIA = 'application/json';

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The project's own `/openapi.json` as a judge, by a standard JSON Schema validator (Ajv): which
 * requests it takes, and whether an answer is one it documents. The fuzz suites hold the API to
 * it both ways: what the document refuses the API refuses, what it takes the API serves, and
 * every answer is as documented.
 */
export class DocumentContract {
  private readonly ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: unknown) {
    addFormats(this.ajv);
    // Formats of the reference's schemas that only annotate.
    for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password', 'emoji', 'icon']) this.ajv.addFormat(format, true);
    // Validated against the document as it is (its schemas name each other, some recursively:
    // a document's blocks hold blocks).
    this.ajv.addSchema(normalizeNullable(document) as object, 'document');
  }

  /**
   * Why the document refuses a request of `op`: its JSON body against the documented body schema,
   * and path parameters against theirs. Empty: the document takes it.
   */
  requestProblems(op: Operation, request: { body?: unknown; pathParams?: Record<string, string> }): string[] {
    const problems: string[] = [];
    const base = `document#/paths/${escape(op.path)}/${op.method}`;
    if (request.body !== undefined && op.body) {
      problems.push(...this.run(`${base}/requestBody/content/${escape(JSON_MEDIA)}/schema`, request.body, 'body'));
    }
    const parameters = (op.operation['parameters'] ?? []) as Schema[];
    for (const [name, value] of Object.entries(request.pathParams ?? {})) {
      const index = parameters.findIndex((parameter) => parameter['in'] === 'path' && parameter['name'] === name);
      if (index >= 0 && parameters[index]['schema']) problems.push(...this.run(`${base}/parameters/${index}/schema`, value, `path parameter ${name}`));
    }
    return problems;
  }

  /**
   * Problems with an answer whatever the request: a 5xx, a status the operation does not list,
   * a media type it does not list for that status, a JSON body off its documented schema.
   */
  responseProblems(op: Operation, res: TestResponse): string[] {
    if (res.status >= 500) return [`answered ${res.status}: ${res.text.slice(0, 300)}`];
    const responses = op.operation['responses'] as Record<string, Schema>;
    const status = responses[String(res.status)] ? String(res.status) : 'default';
    const documented = responses[status];
    if (!documented) return [`answered ${res.status}, which the document does not list (${Object.keys(responses).join(', ')})`];
    const content = documented['content'] as Record<string, Schema> | undefined;
    if (!content) return [];
    const media = String(res.headers['content-type'] ?? '').split(';')[0].trim();
    if (!media) return [];
    const json = media === JSON_MEDIA || media.endsWith('+json');
    const declared = content[media] ?? (json ? content[JSON_MEDIA] : undefined);
    if (!declared) return [`answered ${res.status} as ${media}, which the document does not list for it (${Object.keys(content).join(', ')})`];
    if (!json || !declared['schema']) return [];
    const pointer = `document#/paths/${escape(op.path)}/${op.method}/responses/${status}/content/${escape(content[media] ? media : JSON_MEDIA)}/schema`;
    const problems = this.run(pointer, res.body, `${res.status} body`);
    return problems.length === 0 ? [] : [`${problems.join('; ')}; body ${JSON.stringify(res.body).slice(0, 300)}`];
  }

  private run(pointer: string, value: unknown, label: string): string[] {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.getSchema(pointer);
      if (!validate) return [`no schema at ${pointer}`];
      this.validators.set(pointer, validate);
    }
    if (validate(value)) return [];
    return [`${label} breaks its documented schema: ${this.ajv.errorsText(validate.errors)}`];
  }
}
