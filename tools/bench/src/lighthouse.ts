import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findWorkspaceRoot } from '@docs/platform';
import { CHROMIUM, CHROMIUM_FLAGS } from '@docs/platform/testing';

export type LighthouseCategory = 'performance' | 'accessibility' | 'best-practices' | 'seo';

export interface LighthouseReport {
  /** Each category's score, 0 to 100. */
  scores: Partial<Record<LighthouseCategory, number>>;
  /** The audits scored below 0.9 (informative and manual ones aside). */
  failed: { id: string; score: number }[];
  /** Lantern's metrics in ms (CLS unitless): what the performance score is made of. */
  metrics: Record<string, number>;
}

export interface LighthouseOptions {
  categories: LighthouseCategory[];
  /** Headers sent with every request of the page (a session cookie). */
  extraHeaders?: Record<string, string>;
  /** The report's file name in `outputDir`. */
  name?: string;
}

/** Lighthouse's CLI (12.2.3, ESM, so as a child process) on `url` with Debian's Chromium. */
export function lighthouse(url: string, preset: 'mobile' | 'desktop', outputDir: string, options: LighthouseOptions): Promise<LighthouseReport> {
  const output = join(outputDir, `${options.name ?? `lighthouse-${preset}`}.json`);
  const args = [
    join(findWorkspaceRoot(), 'node_modules/lighthouse/cli/index.js'),
    url,
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    `--only-categories=${options.categories.join(',')}`,
    `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
    ...(options.extraHeaders ? [`--extra-headers=${JSON.stringify(options.extraHeaders)}`] : []),
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code}`));
      const report = JSON.parse(readFileSync(output, 'utf8'));
      const scores = Object.fromEntries(options.categories.map((id) => [id, Math.round(report.categories[id].score * 100)]));
      const failed = Object.values<any>(report.audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
        .map((audit) => ({ id: audit.id as string, score: audit.score as number }));
      const metricIds = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
      const metrics = Object.fromEntries(metricIds.filter((id) => report.audits[id]).map((id) => [id, report.audits[id].numericValue as number]));
      resolve({ scores, failed, metrics });
    });
  });
}
