import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

// Dependency direction of ARCHITECTURE.md, checked on every import:
//   platform <- identity <- content <- (collaboration, sites, integrations)
//   webhooks (content <- webhooks <- integrations): deliveries of the platform's event outbox
//   openapi-hosting needs only identity and platform; apps and tools may use everything.
//   git-sync needs content and collaboration (change requests and merge) besides identity and platform.
const depConstraints = [
  { sourceTag: 'scope:platform', onlyDependOnLibsWithTags: ['scope:platform'] },
  { sourceTag: 'scope:identity', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity'] },
  { sourceTag: 'scope:content', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:content'] },
  { sourceTag: 'scope:collaboration', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:content', 'scope:collaboration'] },
  { sourceTag: 'scope:sites', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:content', 'scope:sites'] },
  { sourceTag: 'scope:integrations', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:content', 'scope:integrations', 'scope:webhooks'] },
  { sourceTag: 'scope:webhooks', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:content', 'scope:webhooks'] },
  { sourceTag: 'scope:git-sync', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:content', 'scope:collaboration', 'scope:git-sync'] },
  { sourceTag: 'scope:openapi-hosting', onlyDependOnLibsWithTags: ['scope:platform', 'scope:identity', 'scope:openapi-hosting'] },
  // The published sites' renderer is pure (a document and its site context -> HTML): no library.
  { sourceTag: 'scope:site-renderer', onlyDependOnLibsWithTags: ['scope:site-renderer'] },
  { sourceTag: 'type:renderer', onlyDependOnLibsWithTags: ['type:renderer'] },
  // The block editor runs in the browser: packages and pure libraries only (the document model), never a server's code.
  { sourceTag: 'scope:editor', onlyDependOnLibsWithTags: ['scope:editor', 'scope:document-model'] },
  { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:platform'] },
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:platform', 'type:domain'] },
  { sourceTag: 'scope:app', onlyDependOnLibsWithTags: ['type:platform', 'type:domain', 'type:renderer', 'type:ui'] },
  { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['type:platform', 'type:domain', 'type:renderer'] },
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
    // The editor's tests prove the conversion on documents the server's markdown converter makes
    // (libs/content until it moves to the pure document model): tests only, never the library.
    files: ['libs/editor/src/**/*.spec.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: depConstraints.map((c) => (c.sourceTag === 'scope:editor' ? { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'scope:content'] } : c)),
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', globalThis: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
