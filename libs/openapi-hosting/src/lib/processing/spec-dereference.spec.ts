import { dereferenceSpec } from './spec-dereference';

describe('dereferenceSpec', () => {
  it('replaces $refs within a file and across files written from other folders', async () => {
    const document = await dereferenceSpec('v1/openapi.yaml', [
      [
        'v1/openapi.yaml',
        {
          openapi: '3.0.3',
          info: { title: 'Split', version: '1' },
          paths: {
            '/pets': {
              get: {
                responses: {
                  '200': { description: 'ok', content: { 'application/json': { schema: { $ref: 'schemas/pet.yaml#/Pet' } } } },
                  default: { $ref: '#/components/responses/Error' },
                },
              },
            },
          },
          components: { responses: { Error: { description: 'An error', content: { 'application/json': { schema: { $ref: '../shared/errors.yaml#/Error' } } } } } },
        },
      ],
      ['v1/schemas/pet.yaml', { Pet: { type: 'object', properties: { owner: { $ref: './owner.yaml' } } } }],
      ['v1/schemas/owner.yaml', { type: 'object', properties: { email: { type: 'string' } } }],
      ['shared/errors.yaml', { Error: { type: 'object', properties: { message: { type: 'string' } } } }],
    ]);
    const get = (document as any).paths['/pets'].get;
    expect(get.responses['200'].content['application/json'].schema.properties.owner.properties.email).toEqual({ type: 'string' });
    expect(get.responses.default.description).toBe('An error');
    expect(get.responses.default.content['application/json'].schema.properties.message).toEqual({ type: 'string' });
  });

  it('keeps a recursive schema recursive, and leaves the documents it was given as they were', async () => {
    const entry = {
      openapi: '3.1.0',
      info: { title: 'Tree', version: '1' },
      paths: {},
      components: { schemas: { Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } } } },
    };
    const given = structuredClone(entry);
    const document = (await dereferenceSpec('openapi.json', [['openapi.json', entry]])) as any;
    const node = document.components.schemas.Node;
    expect(node.properties.children.items.properties.children.items.type).toBe('object');
    expect(entry).toEqual(given);
  });

  it('upgrades a Swagger 2.0 entry to OpenAPI 3', async () => {
    const document = (await dereferenceSpec('openapi.json', [
      [
        'openapi.json',
        {
          swagger: '2.0',
          info: { title: 'Legacy', version: '1' },
          host: 'legacy.example.com',
          basePath: '/v0',
          paths: { '/pets': { post: { parameters: [{ in: 'body', name: 'pet', schema: { $ref: '#/definitions/Pet' } }], responses: { 200: { description: 'ok' } } } } },
          definitions: { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
        },
      ],
    ])) as any;
    expect(document.openapi).toMatch(/^3\./);
    expect(document.servers[0].url).toContain('legacy.example.com/v0');
    expect(document.paths['/pets'].post.requestBody.content['application/json'].schema.properties.name).toEqual({ type: 'string' });
  });
});
