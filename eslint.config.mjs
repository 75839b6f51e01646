import { builtinModules } from 'node:module';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

// Dependency direction of ARCHITECTURE.md, checked on every import:
//   platform <- identity <- content <- (collaboration, sites, integrations)
//   webhooks (content <- webhooks <- integrations): deliveries of the platform's event outbox
//   openapi-hosting needs only identity and platform; apps and tools may use everything.
//   git-sync needs content and collaboration (change requests and merge) besides identity and platform.
//   document-model (the document types, markdown <-> document, its validation) is pure: it uses no
//   library and a few packages that run in browsers, and every project may use it.
/**
 * The packages the document model may import: each runs in browsers as it does in Node. `@gitbook/api`
 * for its types, and its OpenAPI document for the tests (the model's code takes the schemas as an
 * argument; its browser-safety spec holds the entry point to that).
 */
const PURE_PACKAGES = ['markdown-it', 'htmlparser2', 'domhandler', 'ajv', '@gitbook/api', '@gitbook/api/spec/openapi.json'];

const depConstraints = [
  { sourceTag: 'scope:platform', onlyDependOnLibsWithTags: ['scope:platform', 'scope:document-model'] },
  { sourceTag: 'scope:identity', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:document-model'] },
  { sourceTag: 'scope:content', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:content', 'scope:document-model'] },
  { sourceTag: 'scope:collaboration', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:content', 'scope:collaboration', 'scope:document-model'] },
  { sourceTag: 'scope:sites', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:content', 'scope:sites', 'scope:document-model'] },
  { sourceTag: 'scope:integrations', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:content', 'scope:integrations', 'scope:webhooks', 'scope:document-model'] },
  { sourceTag: 'scope:webhooks', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:content', 'scope:webhooks', 'scope:document-model'] },
  { sourceTag: 'scope:git-sync', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:content', 'scope:collaboration', 'scope:git-sync', 'scope:document-model'] },
  { sourceTag: 'scope:openapi-hosting', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:openapi-hosting', 'scope:document-model'] },
  // The document model: no library, and of packages only those a browser bundle can hold.
  { sourceTag: 'scope:document-model', onlyDependOnLibsWithTags: ['scope:document-model'] },
  { sourceTag: 'type:pure', onlyDependOnLibsWithTags: ['type:pure'], allowedExternalImports: PURE_PACKAGES },
  // The published sites' renderer is pure (a document and its site context -> HTML): no library but the document model.
  { sourceTag: 'scope:site-renderer', onlyDependOnLibsWithTags: ['scope:site-renderer', 'scope:document-model'] },
  { sourceTag: 'type:renderer', onlyDependOnLibsWithTags: ['type:renderer', 'type:pure'] },
  // The block editor runs in the browser: packages and pure libraries only (the document model), never a server's code.
  { sourceTag: 'scope:editor', onlyDependOnLibsWithTags: ['scope:editor', 'scope:document-model'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:pure'] },
  { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:platform', 'type:pure'] },
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:platform', 'type:domain', 'type:pure'] },
  { sourceTag: 'scope:app', onlyDependOnLibsWithTags: ['type:platform', 'type:domain', 'type:renderer', 'type:pure'] },
  // The browser app talks to the server over HTTP only: pure libraries and the editor, no server code.
  { sourceTag: 'scope:browser-app', onlyDependOnLibsWithTags: ['type:pure', 'type:ui', 'type:renderer'] },
  { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['type:platform', 'type:domain', 'type:renderer', 'type:pure'] },
];

export default [
  { ignores: ['**/node_modules/**', '**/dist/**', 'tmp/**', '.nx/**', '.data/**', 'coverage/**'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: [], depConstraints }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // TSX components (the site renderer): the same rules as TypeScript.
    files: ['**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: [], depConstraints }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The editor's corpus test reads the real GitBook exports with content's test readers (zip,
    // SUMMARY.md): tests only, never the library.
    files: ['libs/editor/src/**/*.spec.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: depConstraints.map((c) =>
            c.sourceTag === 'scope:editor' ? { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'scope:content'] } : c.sourceTag === 'type:ui' ? { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'type:domain'] } : c,
          ),
        },
      ],
    },
  },
  {
    // The document model runs in browsers as well: no Node module and no Node global outside its tests.
    files: ['libs/document-model/src/**/*.ts'],
    ignores: ['libs/document-model/src/**/*.spec.ts', 'libs/document-model/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: 'The document model runs in browsers: no Node module.' })),
          patterns: [{ group: ['node:*'], message: 'The document model runs in browsers: no Node module.' }],
        },
      ],
      'no-restricted-globals': ['error', 'Buffer', 'process', 'require', 'module', '__dirname', '__filename', 'global', 'setImmediate'],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', globalThis: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
