import { extractAnchors, extractLinks, extractSections, markdownToDocument, slugifyHeading } from '../index';

describe('slugifyHeading', () => {
  it.each([
    ['Getting Started', 'getting-started'],
    ['  What’s new in v2.0?  ', 'what-s-new-in-v2-0'],
    ['Ünïcödé and émojis 🎉', 'unicode-and-emojis'],
    ['日本語の見出し', '日本語の見出し'],
    ['!!!', 'section'],
  ])('%s -> %s', (title, slug) => {
    expect(slugifyHeading(title)).toBe(slug);
  });
});

describe('extractSections', () => {
  const markdown = [
    'Text before the first heading.',
    '',
    '## Install',
    '',
    'Run **npm** install.',
    '',
    '```sh',
    'npm install docs',
    '```',
    '',
    '### Install',
    '',
    '* one',
    '* two',
    '',
    '#### Own anchor <a href="#own" id="own"></a>',
    '',
    '| Name | Value |',
    '| --- | --- |',
    '| key | 42 |',
    '',
    '{% tabs %}',
    '{% tab title="Tab title" %}',
    '### Inside a tab',
    '',
    'Tab text.',
    '{% endtab %}',
    '{% endtabs %}',
  ].join('\n');

  it('splits at headings, with the text before the first one, anchors unique and custom ids kept', () => {
    const sections = extractSections(markdownToDocument(markdown));
    expect(sections).toEqual([
      { anchor: null, title: '', level: 0, body: 'Text before the first heading.' },
      { anchor: 'install', title: 'Install', level: 1, body: 'Run npm install.\nnpm install docs' },
      { anchor: 'install-1', title: 'Install', level: 2, body: 'one\ntwo' },
      { anchor: 'own', title: 'Own anchor', level: 3, body: 'Name\nValue\nkey\n42\nTab title' },
      { anchor: 'inside-a-tab', title: 'Inside a tab', level: 2, body: 'Tab text.' },
    ]);
  });

  it('agrees with the headings meta ids and with extractAnchors', () => {
    const document = markdownToDocument(markdown);
    const metaIds = (document.nodes as any[]).flatMap(function ids(node: any): string[] {
      return [...(node.type?.startsWith('heading-') ? [node.meta.id] : []), ...(node.nodes ?? []).flatMap(ids)];
    });
    const anchors = extractSections(document).flatMap((section) => (section.anchor ? [section.anchor] : []));
    expect(anchors).toEqual(metaIds);
    expect(extractAnchors(document)).toEqual(anchors);
    // A link to an anchor of the page names one of its sections.
    const links = extractLinks(markdownToDocument(`${markdown}\n\n[back](#install-1)`));
    expect(anchors).toContain((links[0].target as { anchor: string }).anchor);
  });

  it('gives no sections for an empty body, and none for empty text before the first heading', () => {
    expect(extractSections(markdownToDocument(''))).toEqual([]);
    expect(extractSections(markdownToDocument('# Only a title\n'))).toEqual([{ anchor: 'only-a-title', title: 'Only a title', level: 1, body: '' }]);
  });
});
