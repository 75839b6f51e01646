import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { normalizeNullable, referenceDocument } from '../lib/openapi/reference-document';

// Where it is defined now (run-time validators use it too); tests import it from here as before.
export { normalizeNullable };

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
}

export interface ReferenceOperation {
  operationId: string;
  method: string;
  /** The reference's template, without the /v1 prefix: `/spaces/{spaceId}`. */
  template: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Where the reference cannot judge a response (an operation it does not have: the project's
 * documented extensions), the schema of the components section that the response must match
 * instead, by method and path template (`{name}`: one path segment). `list:<schema>`: a list
 * envelope of such items; `part:<property>:<schema>`: that property of the body is such a value.
 */
const SUBSTITUTE_SCHEMAS: Record<string, string> = {
  'POST /orgs': 'Organization',
  'POST /spaces/{spaceId}/content/pages': 'RevisionPage',
  'PATCH /spaces/{spaceId}/content/page/{pageId}': 'RevisionPage',
  'POST /spaces/{spaceId}/content/page/{pageId}/move': 'RevisionPage',
  'POST /spaces/{spaceId}/content/files': 'RevisionFile',
  'POST /spaces/{spaceId}/change-requests/{changeRequestId}/content/pages': 'RevisionPage',
  'PATCH /spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}': 'RevisionPage',
  'POST /spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/move': 'RevisionPage',
  'POST /spaces/{spaceId}/change-requests/{changeRequestId}/content/files': 'RevisionFile',
  // Keeping the change request's version of a page in conflict answers the change request.
  'POST /spaces/{spaceId}/change-requests/{changeRequestId}/keep-version': 'ChangeRequest',
  'POST /spaces/{spaceId}/content/reusable-contents': 'RevisionReusableContent',
  'PATCH /spaces/{spaceId}/content/reusable-contents/{reusableContentId}': 'RevisionReusableContent',
  'POST /spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents': 'RevisionReusableContent',
  'PATCH /spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents/{reusableContentId}': 'RevisionReusableContent',
  'PUT /spaces/{spaceId}/content/variables': 'Variables',
  'PATCH /spaces/{spaceId}/content/variables': 'Variables',
  'PUT /spaces/{spaceId}/change-requests/{changeRequestId}/content/variables': 'Variables',
  'PATCH /spaces/{spaceId}/change-requests/{changeRequestId}/content/variables': 'Variables',
  // Git Sync's extensions: the reference's GitSyncOperation, in a list too; the settings carry its GitSyncState.
  'GET /spaces/{spaceId}/git/operations/{operationId}': 'GitSyncOperation',
  'GET /spaces/{spaceId}/git/operations': 'list:GitSyncOperation',
  'GET /spaces/{spaceId}/git/settings': 'part:gitSync:GitSyncState',
  'PATCH /spaces/{spaceId}/git/settings': 'part:gitSync:GitSyncState',
};

/**
 * Extensions that answer bytes rather than JSON (an archive): the media type their 2xx must have,
 * by method and path template. Their bodies are not JSON, so no schema applies.
 */
const BINARY_RESPONSES: Record<string, string> = {
  'GET /spaces/{spaceId}/export': 'application/zip',
  'GET /spaces/{spaceId}/change-requests/{changeRequestId}/export': 'application/zip',
};

const BINARIES = Object.entries(BINARY_RESPONSES).map(([route, type]) => {
  const [method, template] = route.split(' ');
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return { method, regex: new RegExp(`^${pattern}$`), type };
});

const SUBSTITUTES = Object.entries(SUBSTITUTE_SCHEMAS).map(([route, schema]) => {
  const [method, template] = route.split(' ');
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return { method, regex: new RegExp(`^${pattern}$`), schema };
});

function substituteFor(method: string, bare: string): string | undefined {
  return SUBSTITUTES.find((s) => s.method === method.toUpperCase() && s.regex.test(bare))?.schema;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');


/**
 * The wire contract: `@gitbook/api@0.143.2`'s OpenAPI document. Every 2xx body an HTTP test
 * receives is validated against the response schema of the operation with the same method
 * and path template (see TestHttp), so the reference shape is met by every route.
 */
export class ReferenceSchema {
  private static instance?: ReferenceSchema;
  private readonly ajv: Ajv;
  private readonly routes: { method: string; template: string; regex: RegExp; literalSegments: number; operationId: string }[];
  private readonly validators = new Map<string, ValidateFunction>();

  private constructor(private readonly document: OpenApiDocument) {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    // Formats that only annotate (Ajv would warn "unknown format" on every compile and check nothing).
    for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password', 'emoji', 'icon']) this.ajv.addFormat(format, true);
    this.ajv.addSchema(normalizeNullable(document) as object, 'reference');
    this.routes = Object.entries(document.paths).flatMap(([template, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({
        method,
        template,
        operationId: item[method].operationId ?? `${method} ${template}`,
        regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        literalSegments: template.split('/').filter((s) => s && !s.startsWith('{')).length,
      })),
    );
  }

  static load(): ReferenceSchema {
    // With the reference's self-contradictions read as meant (referenceDocument says which).
    ReferenceSchema.instance ??= new ReferenceSchema(referenceDocument() as OpenApiDocument);
    return ReferenceSchema.instance;
  }

  /** The reference operation serving `method path` (path with its /v1 prefix, no query). */
  operationFor(method: string, path: string): ReferenceOperation | undefined {
    const bare = path.replace(/^\/v1(?=\/)/, '');
    const candidates = this.routes
      .filter((route) => route.method === method.toLowerCase() && route.regex.test(bare))
      .sort((a, b) => b.literalSegments - a.literalSegments);
    const best = candidates[0];
    return best ? { operationId: best.operationId, method: best.method, template: best.template } : undefined;
  }

  /** The media type of an extension that answers bytes (`BINARY_RESPONSES`); undefined for JSON operations. */
  binaryTypeFor(method: string, path: string): string | undefined {
    const bare = path.replace(/^\/v1(?=\/)/, '').split('?')[0];
    return BINARIES.find((b) => b.method === method.toUpperCase() && b.regex.test(bare))?.type;
  }

  /** Problems of a 2xx body against the reference; an empty list means valid. */
  validateResponse(method: string, path: string, status: number, body: unknown): string[] {
    const operation = this.operationFor(method, path);
    const substitute = operation ? undefined : substituteFor(method, path.replace(/^\/v1(?=\/)/, ''));
    if (substitute?.startsWith('list:')) return this.validateList(substitute.slice('list:'.length), body);
    if (substitute?.startsWith('part:')) {
      const [, property, schema] = substitute.split(':');
      const value = (body as Record<string, unknown> | null)?.[property];
      return value === undefined ? [`${property} is missing`] : this.validateSchema(schema, value);
    }
    if (substitute) return this.validateSchema(substitute, body);
    if (!operation) return [`the reference has no operation ${method.toUpperCase()} ${path}, and no substitute schema is declared`];
    const responses = this.document.paths[operation.template][operation.method].responses ?? {};
    if (!responses[String(status)]) {
      return [`${operation.operationId}: the reference declares no ${status} response (it has ${Object.keys(responses).join(', ')})`];
    }
    const pointer = `reference#/paths/${escapePointer(operation.template)}/${operation.method}/responses/${status}/content/${escapePointer('application/json')}/schema`;
    return this.run(pointer, body, operation.operationId);
  }

  /** Problems of a list envelope (`items`, `count`, `next.page`) whose items must match a named schema. */
  private validateList(schema: string, body: unknown): string[] {
    const list = body as { items?: unknown; count?: unknown; next?: { page?: unknown } } | null;
    if (!list || !Array.isArray(list.items) || !Number.isInteger(list.count)) return ['not a list envelope {items, count, next?}'];
    if (list.next !== undefined && typeof list.next?.page !== 'string') return ['next must be {page}'];
    return list.items.flatMap((item, index) => this.validateSchema(schema, item).map((problem) => `items[${index}]: ${problem}`));
  }

  /** Problems of a value against a named schema of the reference's components. */
  validateSchema(name: string, value: unknown): string[] {
    return this.run(`reference#/components/schemas/${name}`, value, name);
  }

  private run(pointer: string, value: unknown, label: string): string[] {
    let validate = this.validators.get(pointer);
    if (!validate) {
      const compiled = this.ajv.getSchema(pointer);
      if (!compiled) return [`${label}: no schema at ${pointer}`];
      validate = compiled;
      this.validators.set(pointer, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${label}: ${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
  }
}
