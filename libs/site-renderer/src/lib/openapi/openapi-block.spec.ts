import { block, doc, dom } from '../../testing/document-builders';
import { EMPTY_DOCUMENT_CONTEXT } from '../model/document-context';
import { renderDocument } from '../document/render-document';
import { curlExample, exampleOf, findOperation, typeLabel } from './openapi-document';

const pet = {
  type: 'object',
  required: ['name'],
  description: 'A pet of the store.',
  properties: {
    id: { type: 'integer', format: 'int64', readOnly: true },
    name: { type: 'string', example: 'Rex' },
    status: { type: 'string', enum: ['available', 'sold'] },
    tags: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } } } },
  },
};
// A cycle, as a dereferenced document may hold one.
(pet.properties as Record<string, unknown>).parent = pet;

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Pet store', version: '1' },
  servers: [{ url: 'https://{region}.api.example.com/v1/', variables: { region: { default: 'eu' } } }],
  security: [{ bearer: [] }],
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, schemas: { Pet: pet } },
  paths: {
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' }, description: 'The pet.' }],
      patch: {
        summary: 'Update a pet',
        description: 'Changes **some** fields. <script>alert(1)</script> [evil](javascript:alert(1))',
        parameters: [
          { name: 'dryRun', in: 'query', required: true, schema: { type: 'boolean' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: pet } } },
        responses: {
          '200': { description: 'The pet, updated.', content: { 'application/json': { schema: pet } } },
          '404': { description: 'No such pet.' },
        },
      },
    },
  },
};

const render = (node: Record<string, any>, spec: Record<string, unknown> | undefined = SPEC) => {
  const out = renderDocument(doc(node), { ...EMPTY_DOCUMENT_CONTEXT, openApi: (slug) => (slug === 'petstore' ? spec : undefined) });
  return dom(out.html);
};
const operation = (path: string, method: string, spec = 'petstore') => block('openapi-operation', [], { ref: { kind: 'openapi', spec }, path, method });

describe('OpenAPI operation blocks', () => {
  it('render method, path, summary, description, parameters, request body, responses and a curl example', () => {
    const document = render(operation('/pets/{petId}', 'patch'));
    const section = document.querySelector('section.openapi-operation')!;
    expect(section.getAttribute('aria-label')).toBe('PATCH /pets/{petId}');
    expect(section.querySelector('.method')!.textContent).toBe('PATCH');
    expect(section.querySelector('.openapi-path')!.textContent).toBe('/pets/{petId}');
    expect(section.querySelector('.openapi-summary')!.textContent).toBe('Update a pet');
    const description = section.querySelector('.openapi-description')!;
    expect(description.querySelector('strong')!.textContent).toBe('some');
    expect(description.querySelector('script')).toBeNull();
    expect(Array.from(description.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual([]);
    const parts = Array.from(section.querySelectorAll('.openapi-part-title')).map((e) => e.textContent);
    expect(parts).toEqual(['Path parameters', 'Query parameters', 'Header parameters', 'Request bodyrequired', 'Responses', 'Example request']);
    const names = Array.from(section.querySelectorAll('.openapi-part')[0].querySelectorAll('.openapi-name')).map((e) => e.textContent);
    expect(names).toEqual(['petId']);
    // The request body's schema, nested (array items' properties), enums, required flags; the cycle stops.
    const body = section.querySelectorAll('.openapi-part')[3];
    expect(Array.from(body.querySelectorAll(':scope .openapi-media > ul > li > .openapi-field-head .openapi-name')).map((e) => e.textContent)).toEqual(['id', 'name', 'status', 'tags', 'parent']);
    expect(body.querySelector('.openapi-enum')!.textContent).toBe('One of: "available" "sold"');
    expect(Array.from(body.querySelectorAll('.openapi-field-head')).find((h) => h.textContent!.startsWith('name'))!.querySelector('.required')).not.toBeNull();
    expect(Array.from(body.querySelectorAll('.openapi-name')).filter((e) => e.textContent === 'label').length).toBe(1);
    const responses = Array.from(section.querySelectorAll('details.openapi-response'));
    expect(responses.map((r) => [r.querySelector('.status')!.textContent, r.hasAttribute('open')])).toEqual([
      ['200', true],
      ['404', false],
    ]);
    expect(section.querySelector('.openapi-curl code')!.textContent).toBe(
      [
        `curl -X PATCH 'https://eu.api.example.com/v1/pets/{petId}?dryRun=true' \\`,
        `  -H 'Authorization: Bearer <token>' \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -d '{\n  "name": "Rex",\n  "status": "available",\n  "tags": [\n    {\n      "label": "string"\n    }\n  ]\n}'`,
      ].join('\n'),
    );
  });

  it('render the method and path as text when the spec is not available or lacks the operation', () => {
    for (const node of [operation('/pets/{petId}', 'patch', 'unknown-spec'), operation('/nowhere', 'get'), block('openapi-operation', [], {})]) {
      const document = render(node);
      expect(document.querySelector('section')).toBeNull();
    }
    expect(render(operation('/pets/{petId}', 'patch', 'unknown-spec')).querySelector('.openapi-missing code')!.textContent).toBe('PATCH /pets/{petId}');
    const swagger = render(block('swagger', [], { ref: { kind: 'url', url: 'https://example.com/openapi.json' }, path: '/x', method: 'get' }));
    expect(swagger.querySelector('.openapi-missing a')!.getAttribute('href')).toBe('https://example.com/openapi.json');
  });

  it('render named schemas', () => {
    const document = render(block('openapi-schemas', [], { ref: { kind: 'openapi', spec: 'petstore' }, schemas: ['Pet', 'Missing'] }));
    expect(document.querySelector('details.openapi-schema summary code')!.textContent).toBe('Pet');
    expect(document.querySelector('.openapi-schema .openapi-description')!.textContent!.trim()).toBe('A pet of the store.');
    expect(document.querySelector('.openapi-missing code')!.textContent).toBe('Missing');
  });

  it('render webhooks (OpenAPI 3.1)', () => {
    const spec = { ...SPEC, webhooks: { newPet: { post: { summary: 'A pet was added', requestBody: { content: { 'application/json': { schema: pet } } }, responses: { '200': { description: 'OK' } } } } } };
    const document = render(block('openapi-webhook', [], { ref: { kind: 'openapi', spec: 'petstore' }, name: 'newPet', method: 'post' }), spec);
    expect(document.querySelector('.openapi-summary')!.textContent).toBe('A pet was added');
    expect(document.querySelector('.openapi-curl')).toBeNull();
  });
});

describe('OpenAPI helpers', () => {
  it('find operations with their merged parameters and server', () => {
    const found = findOperation(SPEC, '/pets/{petId}', 'PATCH')!;
    expect(found.server).toBe('https://eu.api.example.com/v1');
    expect(found.parameters.map((p) => p.name)).toEqual(['petId', 'dryRun', 'X-Trace']);
    expect(findOperation(SPEC, '/pets/{petId}', 'get')).toBeUndefined();
    expect(findOperation(SPEC, '/pets/{petId}', 'parameters')).toBeUndefined();
  });

  it('label types', () => {
    expect(typeLabel({ type: 'string', format: 'uuid' })).toBe('string (uuid)');
    expect(typeLabel({ type: 'array', items: { type: 'integer' } })).toBe('array of integer');
    expect(typeLabel({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeLabel({ oneOf: [{ type: 'string' }, { type: 'number' }] })).toBe('string | number');
    expect(typeLabel(undefined)).toBe('any');
  });

  it('make examples, never looping on cycles', () => {
    expect(exampleOf(pet)).toEqual({ name: 'Rex', status: 'available', tags: [{ label: 'string' }] });
    expect(exampleOf({ type: 'string', format: 'date-time' })).toBe('2024-01-01T00:00:00Z');
  });

  it('quote curl arguments for the shell', () => {
    const spec = { paths: { '/q': { post: { requestBody: { content: { 'text/plain': { example: "it's" } } } } } } };
    expect(curlExample(spec, findOperation(spec, '/q', 'post')!)).toBe(`curl -X POST '/q' \\\n  -H 'Content-Type: text/plain' \\\n  -d 'it'\\''s'`);
  });
});
