import { parseHTML } from 'linkedom';
import { llmsFullTxt, llmsTxt, robotsTxt, sitemapXml } from './machine-readers';

describe('machine readers', () => {
  it('write a sitemap with escaped URLs and last changes', () => {
    const xml = sitemapXml([{ url: 'https://docs.example.com/a?x=1&y=2', lastModified: '2026-01-15T10:00:00.000Z' }, { url: 'https://docs.example.com/b' }]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const { document } = parseHTML(xml.replace(/^<\?xml[^>]*>/, ''));
    const urls = Array.from(document.querySelectorAll('url'));
    expect(urls.map((url) => url.querySelector('loc')!.textContent)).toEqual(['https://docs.example.com/a?x=1&y=2', 'https://docs.example.com/b']);
    expect(urls[0].querySelector('lastmod')!.textContent).toBe('2026-01-15T10:00:00.000Z');
    expect(sitemapXml([])).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>');
  });

  it('write robots.txt for indexable sites and for the others', () => {
    expect(robotsTxt({ indexable: true, sitemapUrl: 'https://d.example.com/sitemap.xml' })).toBe('User-agent: *\nAllow: /\n\nSitemap: https://d.example.com/sitemap.xml\n');
    expect(robotsTxt({ indexable: false, sitemapUrl: 'https://d.example.com/sitemap.xml' })).toBe('User-agent: *\nDisallow: /\n');
    expect(robotsTxt({ indexable: true, refusedAgents: ['GPTBot'] })).toBe('User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
  });

  it('write llms.txt: the site, then each section with its pages as markdown links', () => {
    const text = llmsTxt({ title: 'Acme\nDocs', description: 'All about Acme.' }, [
      { title: 'Guides', pages: [{ title: 'Install [fast]', markdownUrl: 'https://d.example.com/install.md', description: 'Set it up.' }] },
      { title: 'Empty', pages: [] },
      { pages: [{ title: 'FAQ', markdownUrl: 'https://d.example.com/faq.md' }] },
    ]);
    expect(text).toBe('# Acme Docs\n\n> All about Acme.\n\n## Guides\n\n- [Install \\[fast\\]](https://d.example.com/install.md): Set it up.\n\n## Pages\n\n- [FAQ](https://d.example.com/faq.md)\n');
  });

  it('write llms-full.txt: every page in turn', () => {
    expect(llmsFullTxt({ title: 'Acme' }, [{ title: 'One', url: 'https://d/one', markdown: 'Body 1\n' }, { title: 'Two', url: 'https://d/two', markdown: 'Body 2' }])).toBe(
      '# Acme\n\n---\n\n# One\n\nSource: https://d/one\n\nBody 1\n\n---\n\n# Two\n\nSource: https://d/two\n\nBody 2\n',
    );
  });
});
