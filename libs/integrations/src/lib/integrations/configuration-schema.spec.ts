import { configurationProblems, configurationsProblems } from './configuration-schema';
import type { IntegrationConfiguration } from './integration-values';

describe('configurationsProblems (the publish body)', () => {
  it('accepts schema and component definitions', () => {
    expect(
      configurationsProblems({
        account: {
          properties: {
            token: { type: 'string', title: 'Token' },
            region: { type: 'string', enum: ['eu', 'us'], default: 'eu' },
            retries: { type: 'number', default: 3 },
            connect: { type: 'button', callback_url: '/connect', button_text: 'Connect' },
          },
          required: ['token'],
        },
        space: { componentId: 'configure' },
      }),
    ).toEqual([]);
  });

  it.each<[string, unknown, RegExp]>([
    ['an unknown level', { org: { componentId: 'x' } }, /configurations.org should not exist/],
    ['an unknown property type', { account: { properties: { a: { type: 'date' } } } }, /configurations.account/],
    ['a button without callback', { account: { properties: { a: { type: 'button' } } } }, /callback_url/],
    ['a required name that is not a property', { account: { properties: {}, required: ['x'] } }, /required names x/],
    ['a default of the wrong type', { account: { properties: { a: { type: 'number', default: 'x' } } } }, /default must be a number/],
    ['a default outside the enum', { account: { properties: { a: { type: 'string', enum: ['b'], default: 'c' } } } }, /default must be one of enum/],
    ['an enum on a number', { account: { properties: { a: { type: 'number', enum: ['1'] } } } }, /enum is only for string/],
    ['a title over 30', { account: { properties: { a: { type: 'string', title: 'x'.repeat(31) } } } }, /title/],
  ])('refuses %s', (_label, configurations, message) => {
    expect(configurationsProblems(configurations).join('; ')).toMatch(message);
  });
});

describe('configurationProblems (an installation)', () => {
  const definition: IntegrationConfiguration = {
    properties: {
      token: { type: 'string' },
      region: { type: 'string', enum: ['eu', 'us'], default: 'eu' },
      retries: { type: 'number' },
      connect: { type: 'button', callback_url: '/c', button_text: 'Go' },
    },
    required: ['token'],
  };

  it('accepts a valid configuration and fills defaults in', () => {
    const configuration: Record<string, unknown> = { token: 't' };
    expect(configurationProblems(definition, configuration)).toEqual([]);
    expect(configuration).toEqual({ token: 't', region: 'eu' });
  });

  it('names missing, mistyped, unknown and out-of-enum values', () => {
    const problems = configurationProblems(definition, { region: 'mars', retries: 'x', extra: 1, connect: 'x' }).join('; ');
    expect(problems).toMatch(/token/);
    expect(problems).toMatch(/configuration.region must be one of eu, us/);
    expect(problems).toMatch(/configuration.retries must be number/);
    expect(problems).toMatch(/configuration.extra should not exist/);
    expect(problems).toMatch(/configuration.connect should not exist/);
  });

  it('takes any object when a component renders the configuration', () => {
    expect(configurationProblems({ componentId: 'c' }, { anything: [1, 2] })).toEqual([]);
  });

  it('takes only an empty object when nothing is declared', () => {
    expect(configurationProblems(undefined, {})).toEqual([]);
    expect(configurationProblems(undefined, { a: 1 })).toEqual(['configuration must be empty: the integration declares no configuration here']);
  });
});
