/**
 * What machines read of a site: `sitemap.xml`, `robots.txt`, and `llms.txt` / `llms-full.txt`
 * (llmstxt.org: a markdown index of the site with links to each page as markdown, and the whole
 * site as one markdown file). Plain strings from plain data.
 */

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export interface SitemapEntry {
  /** Absolute URL. */
  url: string;
  /** ISO date-time of the last change. */
  lastModified?: string;
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries
    .map((entry) => `<url><loc>${escapeXml(entry.url)}</loc>${entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}${urls ? '\n' : ''}</urlset>\n`;
}

/**
 * `robots.txt`: an indexable site allows everything and names its sitemap; any other (unlisted,
 * behind a share link or a login) disallows everything. `agents`: crawlers of language models
 * refused on their own (a site whose agents context is excluded).
 */
export function robotsTxt(options: { indexable: boolean; sitemapUrl?: string; refusedAgents?: string[] }): string {
  const lines: string[] = [];
  for (const agent of options.refusedAgents ?? []) lines.push(`User-agent: ${agent}`, 'Disallow: /', '');
  lines.push('User-agent: *', options.indexable ? 'Allow: /' : 'Disallow: /');
  if (options.indexable && options.sitemapUrl) lines.push('', `Sitemap: ${options.sitemapUrl}`);
  return `${lines.join('\n')}\n`;
}

export interface LlmsPage {
  title: string;
  /** Absolute URL of the page as markdown. */
  markdownUrl: string;
  description?: string;
}

export interface LlmsSection {
  /** The section's (or site space's) title; absent for a site of one space. */
  title?: string;
  pages: LlmsPage[];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const escapeLinkText = (text: string) => oneLine(text).replace(/[[\]\\]/g, '\\$&');

export function llmsTxt(site: { title: string; description?: string }, sections: LlmsSection[]): string {
  const lines = [`# ${oneLine(site.title)}`, ''];
  if (site.description) lines.push(`> ${oneLine(site.description)}`, '');
  for (const section of sections) {
    if (section.pages.length === 0) continue;
    lines.push(`## ${oneLine(section.title ?? 'Pages')}`, '');
    for (const page of section.pages) lines.push(`- [${escapeLinkText(page.title)}](${page.markdownUrl})${page.description ? `: ${oneLine(page.description)}` : ''}`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export interface LlmsFullPage {
  title: string;
  url: string;
  markdown: string;
}

/** Every page as markdown, one after the other, each under its title and URL. */
export function llmsFullTxt(site: { title: string }, pages: LlmsFullPage[]): string {
  const parts = [`# ${oneLine(site.title)}`];
  for (const page of pages) parts.push(`# ${oneLine(page.title)}\n\nSource: ${page.url}\n\n${page.markdown.trim()}`);
  return `${parts.join('\n\n---\n\n')}\n`;
}
