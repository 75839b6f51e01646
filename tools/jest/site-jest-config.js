// Jest for the projects that render the published sites (libs/site-renderer, apps/site): the
// shared configuration, plus TSX components (Preact's automatic JSX runtime), and Preact 11 and
// Shiki, which ship only ES modules: Node 20's require() loads them natively, Jest's module
// system does not, so they are compiled to CommonJS like the shared configuration's others.
const { createJestConfig } = require('./jest-config.js');

const ESM_ONLY = ['preact', 'preact-render-to-string', 'shiki', '@shikijs', 'oniguruma-to-es', 'oniguruma-parser', 'regex', 'regex-recursion', 'regex-utilities'];

const swc = (syntax) => ({
  jsc: {
    parser: syntax === 'tsx' ? { syntax: 'typescript', tsx: true, decorators: true } : { syntax: 'ecmascript' },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic', importSource: 'preact' } },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
});

function siteJestConfig(projectDir, options) {
  const base = createJestConfig(projectDir, options);
  const esm = ESM_ONLY.map((name) => name.replace(/[/.]/g, (c) => `\\${c}`)).join('|');
  return {
    ...base,
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
    transform: {
      ...base.transform,
      '^.+\\.tsx$': ['@swc/jest', swc('tsx')],
      [`node_modules/(${esm})/.+\\.m?js$`]: ['@swc/jest', swc('ecmascript')],
    },
    // The shared configuration's ESM-only packages too (@scalar/openapi-parser: hosted specs dereferenced for OpenAPI blocks).
    transformIgnorePatterns: [`/node_modules/(?!(${esm}|@apidevtools/json-schema-ref-parser|@scalar|leven)/)`],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  };
}

module.exports = { siteJestConfig };
