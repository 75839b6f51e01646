import { markdownToDocument } from '@docs/document-model';
import { countCodeBlocks, headingAnchors, readGitbookExport } from './gitbook-export';

const files = (entries: Record<string, string>) => new Map(Object.entries(entries).map(([path, text]) => [path, Buffer.from(text)]));

/** Code blocks of a document as the measure counts them read back (outside tables). */
function importedCodeBlocks(markdown: string): number {
  let count = 0;
  const visit = (node: any) => {
    if (node?.type === 'code') count++;
    (node?.nodes ?? []).forEach(visit);
    if (node?.type !== 'table') (node?.fragments ?? []).forEach(visit);
  };
  visit(markdownToDocument(markdown));
  return count;
}

describe('code blocks of an export', () => {
  const page = [
    '```js',
    'plain',
    '```',
    '',
    '{% code title="a.js" %}',
    '```js',
    'wrapped',
    '```',
    '{% endcode %}',
    '',
    '{% code title="b.js" lineNumbers="true" %}',
    '',
    '```js',
    'wrapped, blank lines inside the tags',
    '```',
    '',
    '{% endcode %}',
    '',
    '{% stepper %}',
    '{% step %}',
    '{% code title="c.sh" %}',
    '```bash',
    'in a step',
    '```',
    '{% endcode %}',
    '{% endstep %}',
    '{% endstepper %}',
    '',
    '{% code title="d.js" %}',
    '<pre class="language-js"><code class="lang-js">const d = 1;',
    '<strong>const e = 2;',
    '</strong></code></pre>',
    '{% endcode %}',
    '',
    '````markdown',
    '{% code title="shown.js" %}',
    '```js',
    'an example inside a fence: one block, the outer one',
    '```',
    '{% endcode %}',
    '<pre>not a block either</pre>',
    '````',
    '',
  ].join('\n');

  it('counts a `{% code %}` around a fence or a `<pre>` once, a fence in a fence once, a `<pre>` in a fence not at all', () => {
    expect(countCodeBlocks(page)).toBe(6);
  });

  it('agrees with the code blocks a page reads as (each `{% code %}` wraps one, nothing counted twice)', () => {
    expect(importedCodeBlocks(page)).toBe(countCodeBlocks(page));
    const source = readGitbookExport(files({ 'SUMMARY.md': '* [Home](README.md)\n* [Code](code.md)\n', 'README.md': '# Home\n', 'code.md': `# Code\n\n${page}` }));
    expect([source.codeBlocks, source.blocks.code]).toEqual([6, 4]);
  });

  it('reads a `<pre>` to its closing tag (a fence-like line inside it is code)', () => {
    expect(countCodeBlocks('<pre><code>first\n```\nstill the same block\n</code></pre>\n\n```\nnext\n```\n')).toBe(2);
  });
});

describe('the GitBook root of an export', () => {
  it('is where `.gitbook.yaml` puts it, with its summary', () => {
    const source = readGitbookExport(
      files({
        '.gitbook.yaml': 'root: ./docs/\n\nstructure:\n  readme: README.md\n  summary: product/SUMMARY.md\n',
        'README.md': '# The repository, not the docs\n',
        'docs/README.md': '# Docs\n\nSee [setup](product/setup.md).\n',
        'docs/product/SUMMARY.md': '# Summary\n\n* [Docs](../README.md)\n* [Setup](setup.md)\n',
        'docs/product/setup.md': '# Setup\n',
      }),
    );
    expect(source.pages).toEqual(['README.md', 'product/setup.md']);
    expect(source.links).toEqual([expect.objectContaining({ from: 'README.md', target: 'product/setup.md', resolved: 'product/setup.md' })]);
  });

  it('is the top without `.gitbook.yaml`', () => {
    expect(readGitbookExport(files({ 'SUMMARY.md': '* [Home](README.md)\n', 'README.md': '# Home\n' })).pages).toEqual(['README.md']);
  });
});

describe('anchors of the source', () => {
  it('are the headings\' own `<a id>` at any level, else their titles without markup, outside fenced code', () => {
    const anchors = headingAnchors(
      [
        '# Title',
        '### Section header <a href="#space-header" id="space-header"></a>',
        '##### Deep **bold** `code` [link](x.md)',
        '## 6. List UTXOs',
        '```',
        '## Not a heading',
        '```',
      ].join('\n'),
    );
    expect([...anchors]).toEqual(['title', 'space-header', 'deep-bold-code-link', '6-list-utxos']);
  });

  it('tell a link to a heading the page has from one to an anchor it lacks', () => {
    const source = readGitbookExport(
      files({
        'SUMMARY.md': '* [Home](README.md)\n* [UI](ui.md)\n',
        'README.md': '# Home\n\n[a](ui.md#space-header) [b](ui.md#id-6.-list-utxos) [c](ui.md#gone) [d](ui.md)\n',
        'ui.md': '# UI\n\n### Section header <a href="#space-header" id="space-header"></a>\n\n## 6. List UTXOs\n',
      }),
    );
    expect(source.links.map((link) => [link.target, link.anchorFound])).toEqual([
      ['ui.md#space-header', true],
      ['ui.md#id-6.-list-utxos', true],
      ['ui.md#gone', false],
      ['ui.md', undefined],
    ]);
  });
});
