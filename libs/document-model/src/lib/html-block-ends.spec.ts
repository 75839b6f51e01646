import { DocNode } from './document-nodes';
import { extractLinks, markdownToDocument } from '../index';

/**
 * GitBook writes the closing tag of a container on the line after its last block, HTML blocks
 * included (`<figure>...</figure>` then `{% endtab %}`). CommonMark runs such an HTML block to
 * the next blank line, which would take the tag with it; a GitBook tag line ends it instead.
 */

const blocks = (markdown: string): DocNode[] => ((markdownToDocument(markdown) as unknown as DocNode).nodes ?? []) as DocNode[];
const types = (nodes: DocNode[] | undefined): string[] => (nodes ?? []).map((node) => node.type as string);
const text = (node: DocNode): string => [...(node.leaves ?? []).map((leaf) => leaf.text), ...(node.nodes ?? []).map(text), ...(node.fragments ?? []).map(text)].join('');

const figure = '<figure><img src="https://example.com/a.png" alt=""><figcaption><p>A</p></figcaption></figure>';
const cards =
  '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><a href="guide.md">The guide</a></td><td><a href="setup.md">setup.md</a></td></tr></tbody></table>';

describe('an HTML block followed directly by a GitBook tag', () => {
  it('a figure last in a tab: the tab and the tabs close where they are written', () => {
    const [tabs, after] = blocks(`{% tabs %}\n{% tab title="One" %}\n${figure}\n{% endtab %}\n\n{% tab title="Two" %}\nText.\n{% endtab %}\n{% endtabs %}\n\nAfter.\n`);
    expect(tabs.type).toBe('tabs');
    expect(tabs.nodes?.map((tab) => types(tab.nodes))).toEqual([['images'], ['paragraph']]);
    expect(after).toMatchObject({ type: 'paragraph' });
  });

  it('a cards table last in a tab: its links stay (a tab cannot hold a table, its rows become paragraphs)', () => {
    const document = markdownToDocument(`{% tabs %}\n{% tab title="Next" %}\n${cards}\n{% endtab %}\n{% endtabs %}\n`);
    const [tabs] = (document as unknown as DocNode).nodes ?? [];
    expect(types(tabs.nodes?.[0].nodes)).toEqual(['paragraph']);
    expect(extractLinks(document).map((link) => link.target)).toEqual([
      { kind: 'path', path: 'guide.md' },
      { kind: 'path', path: 'setup.md' },
    ]);
  });

  it('an aligned paragraph last in a hint, then the hint is closed', () => {
    const [hint, after] = blocks('{% hint style="info" %}\n<p align="center">Centred <a href="page.md">link</a></p>\n{% endhint %}\n\n## Next\n');
    expect(hint).toMatchObject({ type: 'hint', nodes: [{ type: 'paragraph', data: { align: 'center' } }] });
    expect(after.type).toBe('heading-1');
  });

  it('the end of an expandable followed by the end of its tab', () => {
    const [tabs] = blocks('{% tabs %}\n{% tab title="A" %}\n<details>\n\n<summary>More</summary>\n\nBody.\n\n</details>\n{% endtab %}\n{% endtabs %}\n');
    expect(types(tabs.nodes?.[0].nodes)).toEqual(['paragraph', 'paragraph']);
    expect(text(tabs)).toBe('MoreBody.');
  });

  it('an include on the line after a figure', () => {
    expect(types(blocks(`${figure}\n{% include "ref:reusable-content/rc1" %}\n`))).toEqual(['images', 'reusable-content']);
  });

  it('leaves HTML blocks that end at their own closing tag whole (`<pre>`, comments)', () => {
    const [code] = blocks('<pre><code>{% hint style="info" %}\nshown as code\n{% endhint %}\n</code></pre>\n');
    expect(code.type).toBe('code');
    expect(text(code)).toBe('{% hint style="info" %}shown as code{% endhint %}');
    expect(text({ object: 'block', nodes: blocks('<!--\n{% hint style="info" %}\n-->\n') } as DocNode)).toContain('{% hint');
  });

  it('leaves a line that only looks like a tag (an unknown name) in the HTML block', () => {
    const nodes = blocks('<div>\n{% columns %}\n</div>\n');
    expect(nodes).toHaveLength(1);
    expect(text(nodes[0])).toContain('{% columns %}');
  });
});
