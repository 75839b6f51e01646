import preact from '@preact/preset-vite';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const here = import.meta.dirname;
const workspace = resolve(here, '../..');

/** The workspace's `@docs/*` path aliases (tsconfig.base.json), for the pure libraries the app uses. */
function workspaceAliases(): Record<string, string> {
  const { compilerOptions } = JSON.parse(readFileSync(resolve(workspace, 'tsconfig.base.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } };
  return Object.fromEntries(Object.entries(compilerOptions.paths).map(([name, [target]]) => [name, resolve(workspace, target)]));
}

/**
 * The browser app's build: hashed file names under /assets (served with a year of caching, as
 * their names change with their content), index.html at the root of dist (served to a person
 * signed in at every app URL). No source maps shipped: the bundle's size is what people download.
 */
export default defineConfig({
  root: here,
  base: '/',
  plugins: [preact()],
  resolve: { alias: workspaceAliases() },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // One chunk of about 640 kB (225 kB gzipped: the editor, the document model, Preact); the budget that matters is the compressed size, measured in the bench.
    chunkSizeWarningLimit: 800,
  },
  logLevel: 'warn',
});
