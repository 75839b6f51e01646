import { claimCatalog } from '../conditions/claim-catalog';
import { AdaptiveSchemaError, claimsChecker, validateAdaptiveSchema } from './adaptive-schema';
import { templateConditions } from './template-conditions';

const valid = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://example.com/visitor.json',
  type: 'object',
  additionalProperties: false,
  properties: {
    beta: { type: 'boolean', description: 'Beta tester' },
    plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' },
    company: { type: 'object', description: 'Company', additionalProperties: false, properties: { region: { type: 'string', description: 'Region' } } },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      additionalProperties: false,
      properties: { language: { type: 'string', description: 'Language' } },
    },
  },
};

describe('adaptive schema', () => {
  it('accepts the shape of spec 2.13', () => {
    expect(() => validateAdaptiveSchema(valid)).not.toThrow();
    expect(() => validateAdaptiveSchema({ type: 'object', properties: {}, additionalProperties: false })).not.toThrow();
  });

  it.each([
    [[], 'jsonSchema must be an object'],
    [{ type: 'object', properties: { a: { type: 7 } }, additionalProperties: false }, 'not a valid draft-07 JSON Schema'],
    [{ ...valid, $schema: 'https://json-schema.org/draft/2020-12/schema' }, 'jsonSchema.$schema must be http://json-schema.org/draft-07/schema# (draft-07)'],
    [{ type: 'string' }, 'must have required property'],
    [{ type: 'object', properties: {}, additionalProperties: true }, 'jsonSchema.additionalProperties must be equal to constant'],
    [{ type: 'object', properties: { a: { type: 'boolean' } }, additionalProperties: false }, 'jsonSchema.properties.a'],
    [{ type: 'object', properties: { 'a-b': { type: 'boolean', description: 'x' } }, additionalProperties: false }, 'jsonSchema.properties: "a-b" is not a valid claim name'],
    [{ type: 'object', properties: { constructor: { type: 'boolean', description: 'x' } }, additionalProperties: false }, 'is not a valid claim name'],
    [{ type: 'object', properties: {}, additionalProperties: false, definitions: {} }, '(definitions)'],
    [{ ...valid, properties: { unsigned: { type: 'object', description: 'Mine', properties: {}, additionalProperties: false } } }, 'jsonSchema.properties.unsigned.description'],
  ])('refuses %j, saying why', (schema, message) => {
    expect(() => validateAdaptiveSchema(schema)).toThrow(AdaptiveSchemaError);
    expect(() => validateAdaptiveSchema(schema)).toThrow(message);
  });

  it('checks claims against the signed and unsigned parts', () => {
    const signed = claimsChecker(valid, 'signed');
    expect(signed({ beta: true, plan: 'pro', company: { region: 'eu' } })).toBeNull();
    expect(signed({ beta: 'yes' })).toContain('claims.beta must be boolean');
    expect(signed({ plan: 'gold' })).toContain('claims.plan must be equal to one of the allowed values');
    expect(signed({ other: 1 })).toContain('must NOT have additional properties (other)');
    const unsigned = claimsChecker(valid, 'unsigned');
    expect(unsigned({ language: 'fr' })).toBeNull();
    expect(unsigned({ beta: true })).not.toBeNull();
  });

  it('derives template conditions from the claims', () => {
    expect(templateConditions(claimCatalog(valid))).toEqual([
      { description: 'Visitors whose beta claim is true', condition: 'visitor.claims.beta == true' },
      { description: 'Visitors whose plan claim is free', condition: 'visitor.claims.plan == "free"' },
      { description: 'Visitors whose plan claim is pro', condition: 'visitor.claims.plan == "pro"' },
      { description: 'Visitors with the company.region claim', condition: 'visitor.claims.company.region != null' },
      { description: 'Visitors with the unsigned.language claim', condition: 'visitor.claims.unsigned.language != null' },
    ]);
  });
});
