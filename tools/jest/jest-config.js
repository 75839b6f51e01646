// Shared Jest configuration of every project: SWC transpiles TypeScript (with decorator
// metadata, which NestJS needs) and the tsconfig path aliases resolve to library sources.
const path = require('node:path');
const tsconfig = require('../../tsconfig.base.json');

const workspaceRoot = path.resolve(__dirname, '../..');

function moduleNameMapper() {
  const mapper = {};
  for (const [alias, [target]] of Object.entries(tsconfig.compilerOptions.paths)) {
    mapper[`^${alias.replace(/[/.]/g, (c) => `\\${c}`)}$`] = path.join(workspaceRoot, target);
  }
  return mapper;
}

/** Packages that ship only ES modules; Jest runs CommonJS, so these are transformed. */
const ESM_ONLY = ['@apidevtools/json-schema-ref-parser', '@scalar', 'leven'];

const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

/**
 * @param {string} projectDir the project's folder (pass __dirname)
 * @param {{ database?: boolean }} options database: start (or reuse) PostgreSQL and a
 *   migrated template database for this run; each test file copies the template.
 */
function createJestConfig(projectDir, options = {}) {
  const database = options.database ?? true;
  return {
    displayName: path.relative(workspaceRoot, projectDir),
    rootDir: projectDir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.spec.ts'],
    transform: {
      '^.+\\.ts$': ['@swc/jest', swc],
      // ESM-only dependencies (swagger-parser's reference resolver), compiled to CommonJS for Jest.
      [`node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: ['@swc/jest', { ...swc, jsc: { ...swc.jsc, parser: { syntax: 'ecmascript' } } }],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
    moduleFileExtensions: ['ts', 'js', 'json'],
    moduleNameMapper: moduleNameMapper(),
    setupFiles: ['reflect-metadata', path.join(__dirname, 'realm-structured-clone.js')],
    ...(database
      ? {
          globalSetup: path.join(__dirname, 'global-setup.js'),
          globalTeardown: path.join(__dirname, 'global-teardown.js'),
        }
      : {}),
    testTimeout: 60_000,
    // Failures are printed again at the end of every run (Jest does so only past 20 test files):
    // a CI log that keeps only its tail still names the test that failed and why.
    reporters: [['default', { summaryThreshold: 0 }]],
    // Test files run in parallel, each against its own database copied from the template.
    maxWorkers: process.env.CI ? 2 : '50%',
  };
}

module.exports = { createJestConfig, workspaceRoot };
