import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../../..');

/** The sources of a Dockerfile's COPY instructions (what the image carries of the checkout). */
function copiedPaths(dockerfile: string): string[] {
  const text = readFileSync(join(root, 'docker', dockerfile), 'utf8');
  return [...text.matchAll(/^COPY\s+(.+)$/gm)].flatMap(([, args]) => args.trim().split(/\s+/).slice(0, -1));
}

const carried = (paths: string[], file: string) => paths.some((path) => file === path || file.startsWith(`${path.replace(/\/$/, '')}/`));

describe('the docker images carry the operator CLI', () => {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.cli;
  // Every file the `cli` script names: `docker compose exec api npm run cli -- ...` must find it.
  const needed = ['package.json', ...script.split(/\s+/).filter((word) => /\.(js|ts)$/.test(word)).map((file) => file.replace(/^\.\//, ''))];

  it.each(['Dockerfile.api', 'Dockerfile.worker'])('%s', (dockerfile) => {
    const paths = copiedPaths(dockerfile);
    expect(needed).toEqual(expect.arrayContaining(['tools/register.js', 'tools/cli/src/main.ts']));
    for (const file of [...needed, 'libs/identity/src/index.ts']) expect({ file, carried: carried(paths, file) }).toEqual({ file, carried: true });
  });
});
