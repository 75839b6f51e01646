import { claimCatalog } from './claim-catalog';
import { ConditionError, evaluateCondition, parseCondition } from './condition-expression';

const schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    beta: { type: 'boolean', description: 'In the beta program' },
    plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' },
    seats: { type: 'number', description: 'Seats' },
    roles: { type: 'array', description: 'Roles', items: { type: 'string', description: 'A role' } },
    company: { type: 'object', description: 'Company', additionalProperties: false, properties: { region: { type: 'string', description: 'Region' } } },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      additionalProperties: false,
      properties: { language: { type: 'string', description: 'Language' } },
    },
  },
};
const catalog = claimCatalog(schema);
const run = (condition: string, claims: Record<string, unknown>) => evaluateCondition(parseCondition(condition, catalog), claims);

describe('conditions', () => {
  it.each([
    ['visitor.claims.beta == true', { beta: true }, true],
    ['visitor.claims.beta == true', { beta: 'true' }, false],
    ['visitor.claims.beta', { beta: true }, true],
    ['!visitor.claims.beta', {}, true],
    ['visitor.claims.plan == "pro" && visitor.claims.seats >= 10', { plan: 'pro', seats: 12 }, true],
    ['visitor.claims.plan == "pro" && visitor.claims.seats >= 10', { plan: 'pro', seats: 2 }, false],
    ['visitor.claims.plan === "free" || visitor.claims.beta', { plan: 'pro', beta: true }, true],
    ['visitor.claims.seats > "3"', { seats: 12 }, false],
    ['visitor.claims.seats != null', {}, false],
    ['visitor.claims.seats == null', {}, true],
    ['-visitor.claims.seats < -5', { seats: 6 }, true],
    ['visitor.claims.roles.includes("admin")', { roles: ['reader', 'admin'] }, true],
    ['visitor.claims.roles.includes("admin")', { roles: 'admin' }, false],
    ['visitor.claims.company.region == "eu"', { company: { region: 'eu' } }, true],
    ['visitor.claims.company.region == "eu"', { company: 'eu' }, false],
    ['visitor.claims.unsigned.language == "fr"', { unsigned: { language: 'fr' } }, true],
    ['(visitor.claims.beta)', { beta: true }, true],
    ['true', {}, true],
    ['1', {}, false],
  ])('%s with %j is %s', (condition, claims, expected) => {
    expect(run(condition, claims)).toBe(expected);
  });

  it('reads only own properties of the claims', () => {
    const claims = Object.create({ beta: true }) as Record<string, unknown>;
    expect(run('visitor.claims.beta', claims)).toBe(false);
  });

  it.each([
    ['visitor.claims.beta ==', 'syntax error'],
    ['visitor.claims.unknown == true', 'visitor.claims.unknown is not a claim declared'],
    ['visitor.claims.unsigned.beta', 'visitor.claims.unsigned.beta is not a claim declared'],
    ['visitor.claims.company.city', 'visitor.claims.company.city is not a claim declared'],
    ['visitor.claims.constructor.constructor("return process")()', 'unknown function'],
    ['visitor.claims.constructor', 'visitor.claims.constructor is not a claim declared'],
    ['visitor.claims.__proto__', 'visitor.claims.__proto__ is not a claim declared'],
    ['visitor.claims["beta"]', 'a condition can refer only to'],
    ['constructor.constructor', 'a condition can refer only to'],
    ['process.exit()', 'unknown function exit'],
    ['alert("x")', 'unknown function alert'],
    ['visitor.claims.plan.includes("p")', 'is not an array claim'],
    ['visitor.claims.roles.includes(visitor.claims.plan)', 'takes one literal'],
    ['visitor.claims', 'a condition can refer only to'],
    ['visitor.claims.unsigned', 'name a claim'],
    ['visitor', 'a condition can refer only to'],
    ['this', 'ThisExpression is not allowed'],
    ['[1, 2]', 'ArrayExpression is not allowed'],
    ['visitor.claims.beta ? 1 : 2', 'ConditionalExpression is not allowed'],
    ['visitor.claims.seats + 1 > 2', 'the operator + is not allowed'],
    ['visitor.claims.beta ?? true', 'the operator ?? is not allowed'],
    ['~visitor.claims.seats', 'the operator ~ is not allowed'],
    ['a b', 'a single expression'],
  ])('refuses %s', (condition, message) => {
    expect(() => parseCondition(condition, catalog)).toThrow(ConditionError);
    expect(() => parseCondition(condition, catalog)).toThrow(message);
  });

  it('declares no claims without a schema', () => {
    expect(() => parseCondition('visitor.claims.beta', claimCatalog(null))).toThrow('is not a claim declared');
    expect(parseCondition('false', claimCatalog(null))).toBeDefined();
  });
});
