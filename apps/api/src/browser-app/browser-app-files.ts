import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findWorkspaceRoot } from '@docs/platform';

/** Vite's output: index.html and hashed files under assets/ (tools/app-build/build-app.js makes it). */
export const BROWSER_APP_DIST = join(findWorkspaceRoot(), 'apps/app/dist');

/** A file name Vite writes (`index-Bx9a3kL2.js`): nothing that could leave the folder. */
const ASSET_NAME = /^[\w.-]+\.(js|css|svg|png|woff2?|json|wasm)$/;

export function assetPath(name: string): string | undefined {
  if (!ASSET_NAME.test(name) || name.includes('..')) return undefined;
  const path = join(BROWSER_APP_DIST, 'assets', name);
  return existsSync(path) ? path : undefined;
}

/** The forms the build writes beside a script or a style (apps/app/vite.config.mts), best first. */
export const ASSET_ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * The file to send for an asset (`path`, from assetPath): the smallest form built that the client
 * takes (`accepts(encoding)`: whether its Accept-Encoding allows it), else the file itself.
 */
export function assetForm(path: string, accepts: (encoding: string) => boolean): { path: string; encoding?: 'br' | 'gzip' } {
  const form = ASSET_ENCODINGS.find((candidate) => accepts(candidate.encoding) && existsSync(path + candidate.suffix));
  return form ? { path: path + form.suffix, encoding: form.encoding } : { path };
}

let indexHtml: string | undefined;

/** The app's page (read once: a new build comes with a new process). Undefined when it is not built. */
export function browserAppPage(): string | undefined {
  if (indexHtml === undefined && existsSync(join(BROWSER_APP_DIST, 'index.html'))) indexHtml = readFileSync(join(BROWSER_APP_DIST, 'index.html'), 'utf8');
  return indexHtml;
}
