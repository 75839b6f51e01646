import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { SiteAssetUrls } from '../model/page-view';

/** A static file of the sites, served with immutable caching (its URL changes with its bytes). */
export interface StaticAsset {
  body: Buffer;
  /** The bytes compressed with brotli (text files), for clients that accept it. */
  br?: Buffer;
  contentType: string;
}

/** A text asset, with its brotli form (best quality: compressed once, when the server starts). */
function textAsset(body: Buffer, contentType: string): StaticAsset {
  return { body, contentType, br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) };
}

/** Where the sites' static files live under a site's base path. */
export const ASSETS_PATH = '/~site/assets';

const hashOf = (body: Buffer | string) => createHash('sha256').update(body).digest('base64url').slice(0, 12);

/** Comments out, whitespace folded: the stylesheet is written for people. */
export function minifyCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

function minifyJs(js: string): string {
  // SWC is already a dependency (it runs the TypeScript sources); its minifier is synchronous.
  const { minifySync } = require('@swc/core') as typeof import('@swc/core');
  return minifySync(js, { compress: true, mangle: true, ecma: 2017 }).code;
}

/**
 * The sites' stylesheet and script (minified once, named by their hash) and KaTeX's stylesheet
 * and fonts (under its version), loaded when the server starts. `urls` gives their addresses
 * under a site's base path; `get` what the server answers for a name under `ASSETS_PATH`.
 */
export class SiteAssets {
  private readonly files = new Map<string, StaticAsset>();
  private readonly names: { css: string; js: string; katexCss: string };

  private constructor() {
    const css = Buffer.from(minifyCss(readFileSync(join(__dirname, 'site.css'), 'utf8')));
    const js = Buffer.from(minifyJs(readFileSync(join(__dirname, 'site-client.js'), 'utf8')));
    const cssName = `site.${hashOf(css)}.css`;
    const jsName = `site.${hashOf(js)}.js`;
    this.files.set(cssName, textAsset(css, 'text/css; charset=utf-8'));
    this.files.set(jsName, textAsset(js, 'text/javascript; charset=utf-8'));

    const katexRoot = dirname(require.resolve('katex/package.json'));
    const katexVersion = (require('katex/package.json') as { version: string }).version;
    const katexDir = `katex-${katexVersion}`;
    this.files.set(`${katexDir}/katex.min.css`, textAsset(readFileSync(join(katexRoot, 'dist/katex.min.css')), 'text/css; charset=utf-8'));
    for (const font of readdirSync(join(katexRoot, 'dist/fonts'))) {
      if (!font.endsWith('.woff2')) continue;
      this.files.set(`${katexDir}/fonts/${font}`, { body: readFileSync(join(katexRoot, 'dist/fonts', font)), contentType: 'font/woff2' });
    }
    this.names = { css: cssName, js: jsName, katexCss: `${katexDir}/katex.min.css` };
  }

  private static shared: SiteAssets | undefined;

  /** The process's assets (read and minified on first use). */
  static load(): SiteAssets {
    SiteAssets.shared ??= new SiteAssets();
    return SiteAssets.shared;
  }

  /** The assets' URLs under a site's base path (root-relative, '' for a site at the root of its host). */
  urls(basePath: string): SiteAssetUrls {
    const prefix = `${basePath}${ASSETS_PATH}`;
    return { css: `${prefix}/${this.names.css}`, js: `${prefix}/${this.names.js}`, katexCss: `${prefix}/${this.names.katexCss}` };
  }

  /** The asset at `name` (what follows `ASSETS_PATH/`), or undefined. */
  get(name: string): StaticAsset | undefined {
    return this.files.get(name);
  }
}
