import { parse as parseYaml } from 'yaml';
import type { ImportedPage } from '../imported-content';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;
const FIRST_HEADING = /^\s*#[ \t]+(.+?)[ \t]*#*[ \t]*(?:\r?\n|$)/;

/** A file name without folder and extension, as a title: `getting-started.md` -> `getting-started`. */
export function titleFromName(name: string): string {
  const base = name.split('/').filter(Boolean).pop() ?? name;
  return base.replace(/\.(md|markdown|html?)$/i, '') || 'Untitled';
}

/** The `title` of a file's YAML front matter (GitBook writes one in each `.gitbook/includes` file), if any. */
export function frontMatterTitle(text: string): string | undefined {
  const front = FRONT_MATTER.exec(text.replace(/^\uFEFF/, ''));
  if (!front) return undefined;
  try {
    const data = parseYaml(front[1]) as Record<string, unknown> | null;
    return data && typeof data.title === 'string' && data.title.trim() ? data.title.trim() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One markdown file as a page, the way GitBook reads it: YAML front matter gives `description`
 * (and is dropped from the body), a first-line `# heading` is the title (and is dropped from the
 * body, since the page title shows it); without one the title comes from `fallbackTitle`.
 */
export function markdownPage(text: string, fallbackTitle: string, source: string | null): ImportedPage & { markdown: string } {
  let body = text.replace(/^\uFEFF/, '');
  let description: string | undefined;
  const front = FRONT_MATTER.exec(body);
  if (front) {
    body = body.slice(front[0].length);
    try {
      const data = parseYaml(front[1]) as Record<string, unknown> | null;
      if (data && typeof data.description === 'string' && data.description.trim()) description = data.description.trim();
    } catch {
      // Front matter that is not YAML is dropped like any other.
    }
  }
  let title = fallbackTitle;
  const heading = FIRST_HEADING.exec(body);
  if (heading) {
    title = heading[1].trim();
    body = body.slice(heading[0].length);
  }
  return { title: title.slice(0, 100) || fallbackTitle, source, markdown: body.replace(/^\s*\n/, ''), ...(description ? { description } : {}), children: [] };
}
