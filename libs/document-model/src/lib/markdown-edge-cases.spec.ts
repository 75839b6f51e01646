import { documentToMarkdown, markdownToDocument } from '../index';
import { referenceDocumentValidator } from '../testing';

/**
 * Small inputs at the edges of markdown (emphasis flanking, fences in fences, lazy quotes, tags
 * in odd places, entities, empty constructs): each must give a valid document and a markdown
 * form that a second round trip leaves unchanged.
 */
const cases: string[] = [
  '**a***b*', '**foo.**bar', '*a **b** c*', '`a``b`', '``` `` ```', 'a\\\nb', '***', '- - -', '1) one\n2) two', '+ plus',
  '> quote\ncontinued lazily', '* item\n\n  > quote in item', '1. a\n\n   ```\n   code\n   ```', 'Setext\n===', 'Setext 2\n---',
  '<https://x.y>', '[a](<b c>)', '[a](b "title")', '![a *b*](c.png)', '[![a](b.png) text](c)', 'x $$ y', '$$a$$', '\\$\\$a\\$\\$',
  '{% hint style="info" %}\n> quote\n{% endhint %}', '* {% hint style="info" %}\n  in list\n  {% endhint %}', '{% tabs %}\nno tab\n{% endtabs %}',
  '{% tab title="orphan" %}\ntext\n{% endtab %}', '<details>\n<summary>T</summary>\n\n<details>\n<summary>Inner</summary>\n\nx\n\n</details>\n\n</details>',
  '| a |\n| - |\n| `x\\|y` |', '| a | b |\n|---|---|\n| only one |', 'a | b\n--|--\n1 | 2', '* [ ]', '* [x]\n* [ ] b', '- [ ] a\n\n  para',
  'line one  \nline two', 'trailing \\', 'tab\there', '&nbsp;&copy;', '&amp;lt;', '<!-- comment -->', '<br>', 'a<br>b', '<img src="x.png">',
  '<figure><img src="a.png"></figure>', '# Title #', '# Heading with [link](x.md)', '####### seven', '\u00a0lead nbsp', 'x ~~~y~~~', '~~~\nfence tilde\n~~~',
  '```\n```', '```js title\ncode\n```', '1. a\n1. b\n1. c', '10. ten\n11. eleven', '* a\n+ b\n- c', '{% embed url="x" %}\ncaption\n{% endembed %}',
  '{% file src=".gitbook/assets/a b.pdf" %}\ncaption\n{% endfile %}', '{% code %}\n```\nx\n```\n{% endcode %}', '<sup>**b**</sup>', '**<kbd>x</kbd>**', 'a*b*c', 'snake_case_', '_under_',
  '[ref link][r]\n\n[r]: https://x.y', 'http://bare.url', '* a\n\n\n* b', '>', '> ', '-', '1.', '#', '![]()', '[]()', '[x]()',
  '- a\n  - b\n    - c\n      - d\n        - e', '{% stepper %}\n{% step %}\n{% tabs %}\n{% tab title="x" %}\ny\n{% endtab %}\n{% endtabs %}\n{% endstep %}\n{% endstepper %}',
  '* | a |\n  | - |\n  | 1 |', '{% hint style="info" %}\n| a |\n| - |\n| 1 |\n{% endhint %}', 'text\n{% hint style="info" %}\ninterrupt\n{% endhint %}', '$$\nunclosed math', '{% embed %}', '{% file %}\n\n{% content-ref %}\ninside\n{% endcontent-ref %}',
];

describe('edge cases of the markdown conversion', () => {
  const validator = referenceDocumentValidator();

  it.each(cases.map((markdown) => [JSON.stringify(markdown), markdown]))('%s', (_label, markdown) => {
    const first = markdownToDocument(markdown);
    expect(validator.problem(first, 'document')).toBeUndefined();
    const written = documentToMarkdown(first);
    const second = markdownToDocument(written);
    expect(validator.problem(second, 'document')).toBeUndefined();
    expect(documentToMarkdown(second)).toBe(written);
  });
});
