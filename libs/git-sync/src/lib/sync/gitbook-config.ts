import { DEFAULT_README, DEFAULT_SUMMARY } from '@docs/content';
import { posix } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { GitSyncError } from '../operations/git-sync-failure';

/** What a repository's `.gitbook.yaml` says: where the content is, and the readme and summary files. */
export interface GitbookConfig {
  /** Relative to the project directory ('' for the directory itself). */
  root: string;
  readme: string;
  summary: string;
}

/** `.gitbook.yaml` read as GitBook reads it (the importer honours the same keys); defaults without one. */
export function readGitbookConfig(text: string | undefined): GitbookConfig {
  let data: { root?: unknown; structure?: { readme?: unknown; summary?: unknown } } = {};
  if (text !== undefined) {
    try {
      data = (parseYaml(text) as typeof data) ?? {};
    } catch (error) {
      throw new GitSyncError('invalid-content', `.gitbook.yaml is not valid YAML: ${(error as Error).message}`);
    }
  }
  const clean = (value: unknown, fallback: string) => {
    const path = typeof value === 'string' ? posix.normalize(value.trim().replace(/^\.?\/+/, '')).replace(/\/+$/, '') : fallback;
    if (path.startsWith('..') || posix.isAbsolute(path)) throw new GitSyncError('invalid-content', '.gitbook.yaml points outside the project directory.');
    return path === '.' ? '' : path;
  };
  return { root: clean(data.root, ''), readme: clean(data.structure?.readme, DEFAULT_README) || DEFAULT_README, summary: clean(data.structure?.summary, DEFAULT_SUMMARY) || DEFAULT_SUMMARY };
}
