import { FetchError, SafeFetcher } from '@docs/platform';
import robotsParser from 'robots-parser';
import type { ImportedPage } from '../imported-content';
import { htmlToMarkdown } from './html-to-markdown';
import { markdownPage } from './markdown-page';

export interface CrawlLimits {
  maxPages: number;
  maxDepth: number;
  /** Bytes of all pages fetched together. */
  maxBytes: number;
  timeoutMs: number;
}

export interface CrawledSite {
  pages: ImportedPage[];
  images: string[];
  /** Pages fetched (and refused by robots.txt or a failed fetch). */
  visited: number;
}

const AGENT = 'docs-platform-import';

/**
 * A bounded breadth-first crawl from `start`, within its origin and the folder of its path:
 * `robots.txt` respected, HTML pages only, at most `maxPages` pages, `maxDepth` links deep,
 * `maxBytes` in all and `timeoutMs` of time. The page tree follows the URL paths: a page's parent
 * is the nearest crawled page whose path is a prefix of its own.
 */
export async function crawlWebsite(start: string, fetcher: SafeFetcher, limits: CrawlLimits): Promise<CrawledSite> {
  const startUrl = new URL(start);
  startUrl.hash = '';
  const scope = startUrl.pathname.endsWith('/') ? startUrl.pathname : startUrl.pathname.replace(/[^/]*$/, '');
  const robots = await readRobots(startUrl, fetcher);
  const deadline = Date.now() + limits.timeoutMs;
  const queue: { url: string; depth: number }[] = [{ url: startUrl.href, depth: 0 }];
  const seen = new Set([normal(startUrl.href)]);
  const crawled: { url: URL; page: ImportedPage }[] = [];
  const images = new Set<string>();
  let budget = limits.maxBytes;
  let visited = 0;

  while (queue.length > 0 && crawled.length < limits.maxPages && Date.now() < deadline && budget > 0) {
    const { url, depth } = queue.shift() as { url: string; depth: number };
    visited++;
    if (robots && !robots.isAllowed(url, AGENT)) continue;
    let fetched;
    try {
      fetched = await fetcher.get(url, { maxBytes: budget, headers: { accept: 'text/html' }, signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
    } catch (error) {
      // The start page must come; a later page that fails is left out of the import.
      if (crawled.length === 0) throw error;
      if (error instanceof FetchError && error.tooLarge) break;
      continue;
    }
    budget -= fetched.body.length;
    if (fetched.contentType !== 'text/html' && fetched.contentType !== 'application/xhtml+xml') {
      if (crawled.length === 0) throw new FetchError('status', `${url} is ${fetched.contentType || 'of no declared type'}, not an HTML page.`);
      continue;
    }
    const finalUrl = new URL(fetched.url);
    const converted = htmlToMarkdown(fetched.body.toString('utf8'), finalUrl.href);
    const page = markdownPage(converted.markdown, converted.title ?? (finalUrl.pathname.split('/').filter(Boolean).pop() || finalUrl.host), finalUrl.href);
    crawled.push({ url: finalUrl, page });
    for (const image of converted.images) images.add(image);
    if (depth >= limits.maxDepth) continue;
    for (const link of converted.links) {
      const next = new URL(link);
      next.hash = '';
      if (next.origin !== startUrl.origin || !next.pathname.startsWith(scope) || seen.has(normal(next.href))) continue;
      seen.add(normal(next.href));
      queue.push({ url: next.href, depth: depth + 1 });
    }
  }
  return { pages: treeByPath(crawled), images: [...images], visited };
}

async function readRobots(start: URL, fetcher: SafeFetcher) {
  const url = new URL('/robots.txt', start.origin).href;
  try {
    const fetched = await fetcher.get(url, { maxBytes: 512 * 1024 });
    return robotsParser(url, fetched.body.toString('utf8'));
  } catch (error) {
    // No robots.txt (404) means everything is allowed; an address refusal is the start URL's too.
    if (error instanceof FetchError && error.failure === 'address') throw error;
    return undefined;
  }
}

const normal = (href: string) => href.replace(/\/(index\.html?)?$/i, '');

function treeByPath(crawled: { url: URL; page: ImportedPage }[]): ImportedPage[] {
  const byPath = new Map(crawled.map((entry) => [normal(entry.url.pathname) || '/', entry]));
  const roots: ImportedPage[] = [];
  for (const entry of crawled) {
    let parent: ImportedPage | undefined;
    let path = normal(entry.url.pathname) || '/';
    while (!parent && path !== '/' && path !== '') {
      path = path.replace(/\/[^/]*$/, '') || '/';
      const candidate = byPath.get(path);
      if (candidate && candidate !== entry) parent = candidate.page;
    }
    (parent ? parent.children : roots).push(entry.page);
  }
  return roots;
}
