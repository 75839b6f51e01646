import { documentToMarkdown, markdownToDocument } from '../index';
import { referenceDocumentValidator } from '../testing';

/**
 * GitBook's markdown, as its Git Sync writes it (each case taken from the real exports of
 * `../shared/corpus/`): read and written back, it must come out byte for byte, and read as the
 * document the reference describes.
 */
const validator = referenceDocumentValidator();
const roundTrip = (markdown: string) => documentToMarkdown(markdownToDocument(markdown));
const nodes = (markdown: string) => markdownToDocument(markdown).nodes as any[];

describe("GitBook's markdown conventions", () => {
  it.each([
    ['headings: heading-1 is ##, heading-3 ####', '## One\n\n### Two\n\n#### Three\n'],
    ['italic outside bold, italic always _', 'A _**"parent"**_ DID, _**Figure 1**:_ and **As a Learner&#x20;**_**(10 minutes)**_\n'],
    ['italic around a bold run', '_Upon reaching this, **\'superfinality,\'** where the chain_\n'],
    ['a delimiter that would not close: the next character as a reference', '### 1. Deploy **Trust-DNS Zone Manager (**&#x54;DZM)\n'],
    ['a delimiter that would not open: the previous character as a reference', '* Refer the github repository [her&#x65;**→**](https://github.com/x)\n'],
    ['whitespace at the edge of a line or mark', 'ends with a space. &#x20;\n\n### &#x20;Leading and trailing&#x20;\n'],
    ['escapes only where syntax would read', 'L\\&D, a & b, \\[ref: issuer], snake\\_case, BTC<->ETH, 2 \\* 3, \\<div>, \\[x]\\(y)\n'],
    ['line starts that would be syntax', '\\# not a heading\n\n1986\\. A year\n\n3.14 is not a list\n'],
    ['link destinations as remark writes them', '![](<../assets/image (72).png>) [x](https://en.wikipedia.org/wiki/A_\\(b\\)) [y](https://s?a=1\\&b=2) [%](a%20b.md)\n'],
    ['a mention', 'See [setup.md](setup.md "mention") and [#fee](./#fee "mention")\n'],
    ['an image alone in its paragraph stays inline', '![Diagram](https://example.com/d.png)\n'],
    ['figures, with and without caption, widths, dark variants, aligned groups', '<figure><img src="a.png" alt=""><figcaption></figcaption></figure>\n\n<figure><img src="b.png" alt="B" width="375"><figcaption><p>Caption</p></figcaption></figure>\n\n<div align="left"><figure><img src="c.png" alt=""><figcaption></figcaption></figure> <figure><img src="d.png" alt=""><figcaption></figcaption></figure></div>\n\n<figure><picture><source srcset="dark.png" media="(prefers-color-scheme: dark)"><img src="light.png" alt=""></picture><figcaption><p>Both</p></figcaption></figure>\n'],
    ['empty paragraphs between blocks and at the end', 'One\n\n\n\nTwo\n\n{% hint style="info" %}\nText\n\n\n{% endhint %}\n\n'],
    ['a final line break, and a paragraph of one', 'Complete.<br>\n\n<br>\n'],
    ['colour marks, one per run, outside bold and inside italic', '<mark style="color:blue;">**Add-ons**</mark><mark style="color:blue;">.</mark> and _<mark style="color:$info;">**Shanghai**</mark>_\n'],
    ['expandable titles with marks', '<details>\n\n<summary><strong>API Authentication</strong> </summary>\n\nBody\n\n</details>\n'],
    ['embeds and files with captions', '{% embed url="https://www.youtube.com/watch?v=x" %}\nDemo video\n{% endembed %}\n\n{% file src="ref:file/f1" %}\nExample file\n{% endfile %}\n'],
    ['a list item of several blocks is indented to the next tab stop (a paragraph and its list are not)', '1.  Add the following.\n\n    ```yaml\n    a: 1\n    ```\n2. Run it.\n\n* one\n  * nested\n'],
    ['code blocks with highlighted lines as <pre>', '<pre class="language-json" data-title="Holder"><code class="lang-json"><strong>{\n</strong>  "a": 1 &#x3C; 2\n}\n</code></pre>\n'],
    ['OpenAPI blocks whose spec is unknown', '{% openapi-operation spec="petstore" path="/pets" method="get" %}\n[Broken link](broken-reference)\n{% endopenapi-operation %}\n'],
    ['HTML tables: emoji, cell alignment, code and headings in cells, broken links', '<table data-view="cards"><thead><tr><th></th><th align="center"></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><span data-gb-custom-inline data-tag="emoji" data-code="1f590">🖐️</span> <mark style="color:blue;"><strong>Set up</strong></mark></td><td align="center"><p></p><h3>Phase</h3><pre class="language-json5"><code class="lang-json5">[1]\n</code></pre></td><td><a href="/broken/pages/M8Lz">Broken link</a></td></tr></tbody></table>\n'],
  ])('%s', (_, markdown) => {
    expect(roundTrip(markdown)).toBe(markdown);
    expect(validator.problem(markdownToDocument(markdown), 'document')).toBeUndefined();
  });

  it('reads # and ## as heading-1, #### and deeper as heading-3', () => {
    expect(nodes('# a\n\n## b\n\n### c\n\n#### d\n\n###### e\n').map((node) => node.type)).toEqual(['heading-1', 'heading-1', 'heading-2', 'heading-3', 'heading-3']);
  });

  it('reads figures as image blocks with their data, and ![]() as an inline image', () => {
    const [figure, paragraph] = nodes('<div align="center"><figure><img src="https://x/a.png" alt="A" width="188"><figcaption><p>Cap</p></figcaption></figure></div>\n\n![B](https://x/b.png)\n');
    expect(figure).toMatchObject({ type: 'images', data: { align: 'center' }, nodes: [{ type: 'image', data: { ref: { kind: 'url', url: 'https://x/a.png' }, alt: 'A', width: 188 } }] });
    expect(paragraph).toMatchObject({ type: 'paragraph', nodes: [{ object: 'inline', type: 'inline-image', data: { alt: 'B' } }] });
  });

  it('reads empty paragraphs, colour marks, mentions, captions and highlighted lines into the document', () => {
    const [first, empty, , mention, embed, code] = nodes(
      'A <mark style="color:red;background-color:$info;">red</mark>\n\n\n\nB\n\n[p.md](p.md "mention")\n\n{% embed url="https://e" %}\nCap\n{% endembed %}\n\n<pre><code><strong>hot\n</strong>cold\n</code></pre>\n',
    );
    expect(first.nodes[0].leaves[1]).toEqual({ object: 'leaf', text: 'red', marks: [{ object: 'mark', type: 'color', data: { text: 'red', background: '$info' } }] });
    expect(empty).toMatchObject({ type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text: '' }] }] });
    expect(mention.nodes[0]).toMatchObject({ object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'url', url: 'p.md' } } });
    expect(embed).toMatchObject({ type: 'embed', data: { url: 'https://e' }, fragments: [{ fragment: 'caption', nodes: [{ type: 'paragraph' }] }] });
    expect(code.nodes.map((line: any) => line.data)).toEqual([{ highlighted: true }, {}]);
  });

  it('writes a markdown an edit produces the way GitBook would, stable on a second pass', () => {
    const document = markdownToDocument('Plain *star italic* and __underscore bold__\n\n- dash\n- list\n\n+ plus\n\n#####  Deep\n');
    const written = documentToMarkdown(document);
    expect(written).toBe('Plain _star italic_ and **underscore bold**\n\n* dash\n* list\n\n- plus\n\n#### Deep\n');
    expect(documentToMarkdown(markdownToDocument(written))).toBe(written);
  });
});
