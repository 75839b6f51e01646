import preact from '@preact/preset-vite';
import { readFile, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const here = import.meta.dirname;
const workspace = resolve(here, '../..');

/** The workspace's `@docs/*` path aliases (tsconfig.base.json), for the pure libraries the app uses. */
function workspaceAliases(): Record<string, string> {
  const { compilerOptions } = JSON.parse(readFileSync(resolve(workspace, 'tsconfig.base.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } };
  return Object.fromEntries(Object.entries(compilerOptions.paths).map(([name, [target]]) => [name, resolve(workspace, target)]));
}

/**
 * Each script and style also written compressed beside it, brotli (best quality) and gzip (level
 * 9), when that is smaller: compressed once here, the api sends the form a browser accepts
 * (browser-app-files.ts).
 */
function precompressed(): Plugin {
  return {
    name: 'precompressed',
    apply: 'build',
    async writeBundle({ dir = resolve(here, 'dist') }, bundle) {
      const files = Object.keys(bundle).filter((file) => /\.(js|css)$/.test(file));
      await Promise.all(
        files.map(async (name) => {
          const path = resolve(dir, name);
          const bytes = await readFile(path);
          const forms = {
            br: await promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gz: await promisify(gzip)(bytes, { level: 9 }),
          };
          await Promise.all(Object.entries(forms).map(([suffix, compressed]) => compressed.length < bytes.length && writeFile(`${path}.${suffix}`, compressed)));
        }),
      );
    },
  };
}

/**
 * The browser app's build: hashed file names under /assets (served with a year of caching, as
 * their names change with their content), index.html at the root of dist (served to a person
 * signed in at every app URL). No source maps shipped: the bundle's size is what people download.
 */
export default defineConfig({
  root: here,
  base: '/',
  plugins: [preact(), precompressed()],
  resolve: { alias: workspaceAliases() },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      // Brotli at its best quality takes seconds, once per build, by choice: no warning about it.
      checks: { bundlerTimings: false },
      // The document model is pure (its modules only define things when loaded): a module of it
      // whose exports go unused is left out, so the markdown converter, imported dynamically,
      // becomes a chunk of its own instead of following the model's index into the editor's.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/libs/document-model/') },
      // The chunk the editor's panels share is named for what it holds (not for its first module).
      output: { chunkFileNames: (chunk) => (chunk.moduleIds.some((id) => id.endsWith('/libs/editor/src/lib/editor/create-page-editor.ts')) ? 'assets/editor-[hash].js' : 'assets/[name]-[hash].js') },
    },
    // One chunk of about 640 kB (225 kB gzipped: the editor, the document model, Preact); the budget that matters is the compressed size, measured in the bench.
    chunkSizeWarningLimit: 800,
  },
  logLevel: 'warn',
});
