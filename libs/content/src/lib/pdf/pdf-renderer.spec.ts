import { markdownToDocument } from '@docs/document-model';
import { pdfText } from '../../testing/pdf-text';
import { PdfExport, PdfImage, PdfPage } from './pdf-export';
import { renderPdf } from './pdf-renderer';
import { printable } from './pdf-text';

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const page = (pageId: string, title: string, markdown: string | null, extra: Partial<PdfPage> = {}): PdfPage => ({
  pageId,
  type: 'document',
  title,
  depth: 0,
  description: null,
  href: null,
  document: markdown === null ? null : markdownToDocument(markdown),
  ...extra,
});

const BODY = `Intro with **bold**, *italic*, \`inline code\`, ~~gone~~, [an external link](https://example.com/docs) and [the second page](ref:page/p2).

* first item
  * nested item
- [x] done task
- [ ] open task

1. one
2. two

> A quoted line

{% hint style="warning" %}
Mind the gap
{% endhint %}

\`\`\`ts
const answer = computeTheAnswer(42);
\`\`\`

| Name | Value |
|---|---|
| alpha | **1** |

![the logo](ref:file/f1)

![a vector](ref:file/f2)

***
`;

function exportOf(pages: PdfPage[], images = new Map<string, PdfImage>()): PdfExport {
  return { title: 'Handbook', subtitle: 'Change request #3', revisionId: 'rev1', createdAt: new Date('2026-01-02T03:04:05.000Z'), pages, images };
}

describe('renderPdf', () => {
  const images = new Map<string, PdfImage>([
    ['f1', { name: 'logo.png', contentType: 'image/png', width: 1, height: 1, data: PNG }],
    ['f2', { name: 'diagram.svg', contentType: 'image/svg+xml', width: null, height: null }],
  ]);
  const pages = [
    page('p1', 'Getting started', BODY, { description: 'What to read first' }),
    page('p2', 'Installation guide', 'Run the installer.', { depth: 1 }),
    page('p3', 'Reference group', null, { type: 'group' }),
    page('p4', 'Status page', null, { type: 'link', href: 'https://status.example.com', depth: 1 }),
  ];

  it('renders a PDF whose text holds the title page, every page title and the body', async () => {
    const bytes = await renderPdf(exportOf(pages, images));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages: count } = await pdfText(bytes);
    expect(count).toBe(5);
    for (const expected of [
      'Handbook',
      'Change request #3',
      'Revision rev1, 2026-01-02',
      'Getting started',
      'What to read first',
      'Installation guide',
      'Reference group',
      'Status page',
      'https://status.example.com',
      'const answer = computeTheAnswer(42);',
      'inline code',
      'nested item',
      '[x]',
      'done task',
      'A quoted line',
      'Mind the gap',
      'alpha',
      '[image: diagram.svg]',
      'Run the installer.',
    ]) {
      expect(text).toContain(expected);
    }
    // The PNG is drawn, not named.
    expect(text).not.toContain('[image: logo.png]');
  });

  it('writes an outline (bookmarks) nested as the pages, links to URLs and to exported pages', async () => {
    const raw = (await renderPdf(exportOf(pages, images))).toString('latin1');
    expect(raw).toContain('/Outlines');
    for (const title of ['Getting started', 'Installation guide', 'Reference group', 'Status page']) expect(raw).toContain(`(${title})`);
    expect(raw).toContain('/URI (https://example.com/docs)');
    expect(raw).toContain('(page-p2)');
    expect(raw).toMatch(/\/S \/GoTo/);
    expect(raw).toContain('/Subtype /Image');
  });

  it('leaves a link to a page outside the export as plain text', async () => {
    const raw = (await renderPdf(exportOf([page('p1', 'Alone', 'See [elsewhere](ref:page/zz) and [there](../other.md).')]))).toString('latin1');
    expect(raw).not.toContain('page-zz');
    expect(raw).not.toContain('/URI (../other.md)');
  });

  it('gives the same bytes for the same input (dates and id come from the revision)', async () => {
    const a = await renderPdf(exportOf(pages, images));
    const b = await renderPdf(exportOf(pages, images));
    expect(Buffer.compare(a, b)).toBe(0);
    // PNGs with an alpha channel decode asynchronously: renders racing each other (as concurrent
    // exports do) must still agree.
    const raced = await Promise.all([1, 2, 3, 4].map(() => renderPdf(exportOf(pages, images))));
    for (const bytes of raced) expect(Buffer.compare(bytes, a)).toBe(0);
  });

  it('renders an empty export (title page only) and survives an unreadable PNG', async () => {
    const broken = new Map<string, PdfImage>([['f1', { name: 'broken.png', contentType: 'image/png', width: 10, height: 10, data: Buffer.from('not a png') }]]);
    const bytes = await renderPdf(exportOf([page('p1', 'Pictures', '![x](ref:file/f1)')], broken));
    const { text } = await pdfText(bytes);
    expect(text).toContain('[image: broken.png]');
    expect((await pdfText(await renderPdf(exportOf([])))).pages).toBe(1);
  });

  it('replaces what the standard fonts cannot encode', () => {
    expect(printable('Café “quoted” — €5\tend')).toBe('Café “quoted” — €5    end');
    expect(printable('中文 ✓ 😀')).toBe('?? ? ?');
  });
});
