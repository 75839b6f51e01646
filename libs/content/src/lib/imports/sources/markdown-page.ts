import type { ImportedPage } from '../imported-content';
import { frontMatterFields, readFrontMatter, splitEmoji } from './gitbook-metadata';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;
const FIRST_HEADING = /^\s*#[ \t]+(.+?)[ \t]*#*[ \t]*(?:\r?\n|$)/;

/** A file name without folder and extension, as a title: `getting-started.md` -> `getting-started`. */
export function titleFromName(name: string): string {
  const base = name.split('/').filter(Boolean).pop() ?? name;
  return base.replace(/\.(md|markdown|html?)$/i, '') || 'Untitled';
}

/** The `title` of a file's YAML front matter (GitBook writes one in each `.gitbook/includes` file), if any. */
export function frontMatterTitle(text: string): string | undefined {
  const title = readFrontMatter(text.replace(/^\uFEFF/, ''))['title'];
  return typeof title === 'string' && title.trim() ? title.trim() : undefined;
}

/**
 * One markdown file as a page, the way GitBook reads it: YAML front matter gives `description`,
 * `hidden`, `noIndex` and the page's `vars` (and is dropped from the body), a first-line
 * `# heading` is the title, an emoji before it the page's emoji (both dropped from the body,
 * since the page shows them); without a heading the title comes from `fallbackTitle`.
 */
export function markdownPage(text: string, fallbackTitle: string, source: string | null): ImportedPage & { markdown: string } {
  let body = text.replace(/^\uFEFF/, '');
  const front = FRONT_MATTER.exec(body);
  const data = front ? readFrontMatter(body) : {};
  if (front) body = body.slice(front[0].length);
  const description = typeof data['description'] === 'string' && data['description'].trim() ? data['description'].trim() : undefined;
  let title = fallbackTitle;
  let emoji: string | null = null;
  const heading = FIRST_HEADING.exec(body);
  if (heading) {
    [emoji, title] = splitEmoji(heading[1]);
    body = body.slice(heading[0].length);
  }
  return {
    title: title.slice(0, 100) || fallbackTitle,
    source,
    markdown: body.replace(/^\s*\n/, ''),
    ...(description ? { description } : {}),
    ...(emoji ? { emoji } : {}),
    ...frontMatterFields(data, sourceName(source, fallbackTitle)),
    children: [],
  };
}

/** How a 400 names the file: its path in an archive, else the title it would get. */
function sourceName(source: string | null, fallback: string): string {
  if (!source?.startsWith('file:///')) return fallback;
  try {
    return decodeURIComponent(source.slice('file:///'.length));
  } catch {
    return fallback;
  }
}
