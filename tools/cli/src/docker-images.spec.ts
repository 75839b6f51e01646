import { builtinModules } from 'node:module';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = join(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
/** Installed by `npm ci --omit=dev` (a dependency, or one of theirs hoisted to the top): not marked dev in the lock file. */
const inProductionInstall = (name: string) => {
  const entry = lock.packages[`node_modules/${name}`];
  return entry !== undefined && !entry.dev && !entry.devOptional;
};
const aliases = (JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;

/** The sources of a Dockerfile's COPY instructions (what the image carries of the checkout). */
function copiedPaths(dockerfile: string): string[] {
  const text = readFileSync(join(root, 'docker', dockerfile), 'utf8');
  return [...text.matchAll(/^COPY\s+(.+)$/gm)].flatMap(([, args]) => args.trim().split(/\s+/).slice(0, -1));
}

const carried = (paths: string[], file: string) => paths.some((path) => file === path || file.startsWith(`${path.replace(/\/$/, '')}/`));

/** Module specifiers a file loads at run time (type-only imports are erased by the compiler). */
function runtimeSpecifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specifiers: string[] = [];
  for (const match of code.matchAll(/(?:^|[;\n])\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g)) specifiers.push(match[1]);
  for (const match of code.matchAll(/\b(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/g)) specifiers.push(match[1]);
  return specifiers;
}

function resolveFile(base: string): string | undefined {
  for (const candidate of [base, `${base}.ts`, `${base}.js`, join(base, 'index.ts'), join(base, 'index.js')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/**
 * Everything an entry point loads when it runs: the checkout's files (followed through relative
 * imports and the tsconfig path aliases) and the npm packages they name.
 */
function closure(entry: string): { files: string[]; packages: string[]; unresolved: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const unresolved: string[] = [];
  const queue = [join(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.(ts|js)$/.test(file)) continue;
    for (const specifier of runtimeSpecifiers(readFileSync(file, 'utf8'))) {
      const alias = aliases[specifier]?.[0];
      const target = specifier.startsWith('.') ? resolveFile(resolve(dirname(file), specifier)) : alias ? resolveFile(join(root, alias)) : undefined;
      if (target) queue.push(target);
      else if (specifier.startsWith('.') || alias) unresolved.push(`${relative(root, file)}: ${specifier}`);
      else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier)) {
        packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);
      }
    }
  }
  return { files: [...files].map((file) => relative(root, file)), packages: [...packages].sort(), unresolved };
}

/** `npm run cli` in a container: the script's own files, then whatever they load. */
const cliScriptFiles = manifest.scripts['cli'].split(/\s+/).filter((word) => /\.(js|ts)$/.test(word)).map((file) => file.replace(/^\.\//, ''));

describe('the docker images carry what their processes and the operator CLI load', () => {
  it('the cli script names the register hook and the CLI entry point', () => {
    expect(cliScriptFiles).toEqual(['tools/register.js', 'tools/cli/src/main.ts']);
  });

  it.each([
    ['Dockerfile.api', 'apps/api/src/main.ts'],
    ['Dockerfile.worker', 'apps/worker/src/main.ts'],
  ])('%s: every file of the process and of `npm run cli` is copied, every package is a production dependency', (dockerfile, main) => {
    const paths = copiedPaths(dockerfile);
    const loaded = [closure(main), ...cliScriptFiles.map((file) => closure(file))];
    expect(loaded.flatMap((part) => part.unresolved)).toEqual([]);
    const files = [...new Set(['package.json', 'tsconfig.base.json', ...loaded.flatMap((part) => part.files)])];
    // Sanity: the walk reaches the domain libraries, not only the entry points.
    expect(files).toEqual(expect.arrayContaining(['libs/identity/src/index.ts', 'libs/content/src/index.ts', 'tools/cli/src/cli.ts']));
    expect(files.filter((file) => !carried(paths, file))).toEqual([]);
    // Images install with `npm ci --omit=dev`: a devDependency is absent there.
    const packages = [...new Set(loaded.flatMap((part) => part.packages))];
    expect(packages).toEqual(expect.arrayContaining(['@nestjs/core', 'pg', 'commander']));
    expect(packages.filter((name) => !inProductionInstall(name))).toEqual([]);
  });
});
