import type { IntegrationBlock } from './integration-values';

/**
 * The host names a block unfurls, from its `urlUnfurl` patterns (`https://www.figma.com/file/**`,
 * `*.example.com/*`, `github.com`): scheme, path, port and a leading `*.` dropped, lower-cased,
 * without duplicates. The `blockDomain` filter matches these exactly.
 */
export function blockDomains(blocks: IntegrationBlock[]): string[] {
  const domains = new Set<string>();
  for (const block of blocks) {
    for (const pattern of block.urlUnfurl ?? []) {
      const host = pattern
        .trim()
        .replace(/^[a-z*][a-z0-9+.*-]*:\/\//i, '')
        .split(/[/?#]/)[0]
        .replace(/^[^@]*@/, '')
        .replace(/:[0-9*]+$/, '')
        .replace(/^\*\./, '')
        .toLowerCase();
      if (/^[a-z0-9-_.]+$/.test(host)) domains.add(host);
    }
  }
  return [...domains];
}
