import { readdirSync, readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The document model is bundled for browsers (the editor of apps/app) as it is: what its entry
 * point reaches, its own files and the packages' files they require, must hold no Node module, and
 * its own files import only packages that run in browsers. The walk follows what a bundler follows:
 * value imports and `require` calls, statically, whether or not they run when the module loads.
 */

const ENTRY = join(__dirname, 'index.ts');
const LIBRARY = __dirname;

/** What the model's own files may import as values: each runs in browsers. */
const VALUE_PACKAGES = new Set(['markdown-it', 'htmlparser2', 'ajv']);
/** What they may import only as types (erased from the bundle): the reference's types, the DOM nodes htmlparser2 returns. */
const TYPE_PACKAGES = new Set(['@gitbook/api', 'domhandler']);

interface Import {
  specifier: string;
  typeOnly: boolean;
}

/** Imports and re-exports of one of the model's TypeScript files (every import of the model is a top-level declaration). */
function typescriptImports(source: string): Import[] {
  const declarations = source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)';/gm);
  return [...declarations].map(([, type, specifier]) => ({ specifier, typeOnly: type !== undefined }));
}

/** What a package's JavaScript file loads: `require(...)`, `import ... from`, `import(...)`. */
function javascriptImports(source: string): Import[] {
  const patterns = [/\brequire\(\s*(['"])([^'"]+)\1\s*\)/g, /(?:^|[\s;])(?:import|export)\s[^'";]*?\bfrom\s*(['"])([^'"]+)\1/g, /\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => ({ specifier: match[2], typeOnly: false })));
}

const packageOf = (file: string) => {
  const path = file.slice(file.lastIndexOf('node_modules/') + 'node_modules/'.length).split('/');
  return path[0].startsWith('@') ? `${path[0]}/${path[1]}` : path[0];
};
const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

interface Walk {
  /** Files reached: the model's (relative to its src) and the packages'. */
  files: Set<string>;
  /** Every problem met, as `file: what`. */
  problems: string[];
}

function walk(): Walk {
  const files = new Set<string>();
  const problems: string[] = [];
  const queue = [ENTRY];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const own = !file.includes('/node_modules/');
    const source = readFileSync(file, 'utf8');
    const from = own ? relative(LIBRARY, file) : relative(resolve(LIBRARY, '../../..'), file);
    for (const { specifier, typeOnly } of own ? typescriptImports(source) : javascriptImports(source)) {
      if (isBuiltin(specifier)) {
        problems.push(`${from}: requires the Node module ${specifier}`);
        continue;
      }
      if (own && specifier.startsWith('.')) {
        if (!typeOnly) queue.push(require.resolve(resolve(dirname(file), specifier)));
        continue;
      }
      if (own) {
        const name = packageName(specifier);
        if (typeOnly ? !TYPE_PACKAGES.has(name) && !VALUE_PACKAGES.has(name) : !VALUE_PACKAGES.has(name)) {
          problems.push(`${from}: imports ${specifier}${typeOnly ? ' (types)' : ''}, which is not among the packages the model may use${TYPE_PACKAGES.has(name) ? ' as values' : ''}`);
          continue;
        }
        if (typeOnly) continue;
      }
      let target: string;
      try {
        target = createRequire(file).resolve(specifier);
      } catch {
        // A package's optional require (a peer it can do without) that is not installed: a bundler leaves it out too.
        continue;
      }
      if (isBuiltin(target)) problems.push(`${from}: requires the Node module ${specifier}`);
      else if (/\.(c|m)?js$/.test(target)) queue.push(target);
    }
  }
  return { files, problems };
}

describe('the document model in a browser', () => {
  const reached = walk();

  it('reaches no Node module, and imports only packages that run in browsers', () => {
    expect(reached.problems).toEqual([]);
  });

  it('converts markdown with markdown-it and htmlparser2 and checks documents with Ajv, and carries none of @gitbook/api', () => {
    const packages = new Set([...reached.files].filter((file) => file.includes('/node_modules/')).map(packageOf));
    for (const name of VALUE_PACKAGES) expect(packages.has(name)).toBe(true);
    // Its types only: the reference's OpenAPI document is what the caller gives the validator.
    expect(packages.has('@gitbook/api')).toBe(false);
  });

  it('walks every file of the model but its tests', () => {
    const own = [...reached.files].filter((file) => !file.includes('/node_modules/')).map((file) => relative(LIBRARY, file));
    const model = readdirSync(join(LIBRARY, 'lib'))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'))
      .map((name) => `lib/${name}`);
    expect(own.sort()).toEqual(['index.ts', ...model].sort());
  });
});
