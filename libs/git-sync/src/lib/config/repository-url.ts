import { BadRequestException } from '@nestjs/common';
import { posix } from 'node:path';

/** A repository URL as given (`https://user:token@host/owner/repo.git`), split into what is stored in the clear and what is sealed. */
export interface RepositoryUrl {
  /** Without credentials, query or fragment. */
  url: string;
  credentials?: { username: string; password: string };
  /** `owner/repo` (the path without `.git`). */
  repoName: string;
  /** Known forges by host; absent otherwise. */
  provider?: 'github' | 'gitlab';
}

/**
 * Reads the `url` of a Git export or import: http or https only (Git's smart HTTP protocol), no
 * query or fragment; basic-auth credentials are taken out of it (stored sealed, sent as a header).
 * A 400 names `url` otherwise.
 */
export function parseRepositoryUrl(text: string): RepositoryUrl {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new BadRequestException('url must be an absolute http or https URL of a Git repository');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new BadRequestException(`url must use http or https (Git's smart HTTP protocol), not ${parsed.protocol.replace(/:$/, '')}`);
  }
  if (parsed.search || parsed.hash) throw new BadRequestException('url must not have a query or a fragment');
  const path = parsed.pathname.replace(/\/+$/, '');
  if (path === '') throw new BadRequestException('url must name a repository (a path after the host)');
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      throw new BadRequestException('url has malformed credentials');
    }
  };
  const credentials = parsed.username || parsed.password ? { username: decode(parsed.username), password: decode(parsed.password) } : undefined;
  const clean = `${parsed.protocol}//${parsed.host}${path}`;
  const repoName = path.replace(/^\/+/, '').replace(/\.git$/, '');
  const host = parsed.hostname.toLowerCase();
  const provider = host === 'github.com' ? 'github' : host === 'gitlab.com' || host.startsWith('gitlab.') ? 'gitlab' : undefined;
  return { url: clean, ...(credentials ? { credentials } : {}), repoName, ...(provider ? { provider } : {}) };
}

/** Git ref names a sync works on: `refs/heads/<branch>` (and for imports `refs/tags/<tag>`), as `git check-ref-format` allows them. */
export function assertRefName(ref: string, field: string, allowTags: boolean): void {
  const prefix = allowTags ? /^refs\/(heads|tags)\// : /^refs\/heads\//;
  const kinds = allowTags ? '"refs/heads/<branch>" or "refs/tags/<tag>"' : '"refs/heads/<branch>"';
  if (!prefix.test(ref)) throw new BadRequestException(`${field} must be a full ref name such as ${kinds}`);
  const bad =
    ref.length > 255 ||
    [...ref].some((char) => char <= ' ' || char === '\x7f' || '~^:?*[\\'.includes(char)) ||
    ['..', '@{', '//'].some((sequence) => ref.includes(sequence)) ||
    ref.endsWith('/') ||
    ref.endsWith('.') ||
    ref.split('/').some((part) => part.startsWith('.') || part.endsWith('.lock'));
  if (bad || ref.split('/').length < 3) throw new BadRequestException(`${field} is not a valid Git ref name`);
}

/** `repoProjectDirectory` as stored: relative, normalized, no `..`; '' for the repository's root. */
export function normalizeProjectDirectory(value: string | undefined): string {
  if (value === undefined) return '';
  const trimmed = value.replace(/\\/g, '/').replace(/^\.?\/+/, '').replace(/\/+$/, '');
  if (trimmed === '' || trimmed === '.') return '';
  const normal = posix.normalize(trimmed);
  if (normal.startsWith('..') || posix.isAbsolute(normal) || normal.split('/').some((part) => part === '.git')) {
    throw new BadRequestException('repoProjectDirectory must be a folder inside the repository');
  }
  return normal;
}
