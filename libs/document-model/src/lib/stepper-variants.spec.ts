import { DocNode } from './document-nodes';
import { documentToMarkdown, extractAnchors, extractLinks, markdownToDocument } from '../index';
import { referenceDocumentValidator } from '../testing';

/**
 * GitBook's stepper (`{% stepper %}{% step %}...{% endstep %}{% endstepper %}`) in the forms
 * GitBook and people write it: each must come through as one stepper of its steps, with what the
 * steps hold, and nothing after the stepper pulled into it.
 */

/** Block types as a nested outline: a leaf type, or `[type, children]`. */
type Outline = string | [string, Outline[]];
function outline(nodes: DocNode[]): Outline[] {
  return nodes.filter((node) => node.object === 'block').map((node) => (node.type === 'stepper' || node.type === 'stepper-step' ? [node.type, outline(node.nodes ?? [])] : (node.type as string)));
}

const validator = referenceDocumentValidator();
function read(markdown: string): DocNode[] {
  const document = markdownToDocument(markdown);
  expect(validator.problem(document, 'document')).toBeUndefined();
  return (document as unknown as DocNode).nodes ?? [];
}

const text = (node: DocNode): string => [...(node.leaves ?? []).map((leaf) => leaf.text), ...(node.nodes ?? []).map(text), ...(node.fragments ?? []).map(text)].join('');

const figure = '<figure><img src="https://example.com/shot.png" alt="Shot"><figcaption><p>The screen</p></figcaption></figure>';
const cards =
  '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Next</strong></td><td><a href="next.md">next.md</a></td></tr></tbody></table>';

describe('steppers in the forms GitBook writes', () => {
  it('a step whose first line is a heading (### or ####, with or without its own anchor)', () => {
    const markdown = [
      '{% stepper %}',
      '{% step %}',
      '### Install the app <a href="#install" id="install"></a>',
      '',
      'Download it.',
      '{% endstep %}',
      '',
      '{% step %}',
      '#### Sign in',
      '',
      'With your account.',
      '{% endstep %}',
      '{% endstepper %}',
      '',
    ].join('\n');
    const nodes = read(markdown);
    expect(outline(nodes)).toEqual([['stepper', [['stepper-step', ['heading-2', 'paragraph']], ['stepper-step', ['heading-3', 'paragraph']]]]]);
    expect(extractAnchors(markdownToDocument(markdown))).toEqual(['install', 'sign-in']);
  });

  it('a step whose first line is a bold title or plain text', () => {
    const nodes = read('{% stepper %}\n{% step %}\n**Open the settings**\n\nThen save.\n{% endstep %}\n\n{% step %}\nJust one line.\n{% endstep %}\n{% endstepper %}\n');
    expect(outline(nodes)).toEqual([['stepper', [['stepper-step', ['paragraph', 'paragraph']], ['stepper-step', ['paragraph']]]]]);
  });

  it('blank lines after `{% step %}` and before `{% endstep %}` (GitBook writes both forms)', () => {
    const nodes = read('{% stepper %}\n{% step %}\n\n#### First\n\nOne.\n\n{% endstep %}\n\n{% step %}\n\n#### Second\n\n{% endstep %}\n{% endstepper %}\n');
    expect(outline(nodes)).toEqual([['stepper', [['stepper-step', ['heading-3', 'paragraph']], ['stepper-step', ['heading-3']]]]]);
  });

  it('no blank line between one step and the next, and spaces after the tags', () => {
    const nodes = read('{% stepper %}  \n{% step %}\nOne.\n{% endstep %}\n{% step %}  \nTwo.\n{% endstep %}  \n{% endstepper %}\n\nAfter.\n');
    expect(outline(nodes)).toEqual([['stepper', [['stepper-step', ['paragraph']], ['stepper-step', ['paragraph']]]], 'paragraph']);
  });

  it('tags and content indented by up to three spaces', () => {
    const nodes = read('{% stepper %}\n  {% step %}\n  ### Indented\n\n  Text.\n  {% endstep %}\n  {% step %}\n   Three spaces.\n   {% endstep %}\n{% endstepper %}\n');
    expect(outline(nodes)).toEqual([['stepper', [['stepper-step', ['heading-2', 'paragraph']], ['stepper-step', ['paragraph']]]]]);
  });

  it('a step holding a nested list with indented continuations', () => {
    const [stepper] = read('{% stepper %}\n{% step %}\n1. First\n   * nested\n     continued\n\n     more\n2. Second\n{% endstep %}\n{% endstepper %}\n');
    expect(outline([stepper])).toEqual([['stepper', [['stepper-step', ['list-ordered']]]]]);
    expect(text(stepper)).toBe('Firstnested continuedmoreSecond');
  });

  it('a step holding code blocks: `{% code %}` around a fence (with and without blank lines) and a bare fence, each one code block', () => {
    const [stepper] = read(
      '{% stepper %}\n{% step %}\n### Run\n\n{% code title="run.sh" %}\n```bash\n./run\n```\n{% endcode %}\n{% endstep %}\n\n{% step %}\n{% code title="check.sh" lineNumbers="true" %}\n\n```bash\n./check\n```\n\n{% endcode %}\n\n```\nplain\n```\n{% endstep %}\n{% endstepper %}\n',
    );
    expect(outline([stepper])).toEqual([['stepper', [['stepper-step', ['heading-2', 'code']], ['stepper-step', ['code', 'code']]]]]);
    const codes = (stepper.nodes ?? []).flatMap((step) => step.nodes ?? []).filter((node) => node.type === 'code');
    expect(codes.map((code) => code.data)).toEqual([{ syntax: 'bash', title: 'run.sh' }, { syntax: 'bash', title: 'check.sh', lineNumbers: true }, {}]);
  });

  it('a step holding a hint with a list, a quote and an embed', () => {
    const nodes = read('{% stepper %}\n{% step %}\n{% hint style="info" %}\n* one\n* two\n{% endhint %}\n\n> Quoted.\n\n{% embed url="https://example.com/v" %}\n{% endstep %}\n{% endstepper %}\n');
    expect(outline(nodes)).toEqual([['stepper', [['stepper-step', ['hint', 'blockquote', 'embed']]]]]);
  });

  it('a step holding tabs, which a step cannot hold: their titles and content stay in the step', () => {
    const [stepper] = read('{% stepper %}\n{% step %}\n{% tabs %}\n{% tab title="macOS" %}\nBrew.\n{% endtab %}\n\n{% tab title="Linux" %}\nApt.\n{% endtab %}\n{% endtabs %}\n{% endstep %}\n{% endstepper %}\n');
    expect(outline([stepper])).toEqual([['stepper', [['stepper-step', ['paragraph', 'paragraph', 'paragraph', 'paragraph']]]]]);
    expect(text(stepper)).toBe('macOSBrew.LinuxApt.');
  });

  it.each([
    ['a figure', figure, ['images']],
    ['an aligned paragraph', '<p align="center"><a href="https://example.com" class="button primary">Go</a></p>', ['paragraph']],
    // A step cannot hold an expandable: its title and body stay in the step.
    ['an expandable', '<details>\n\n<summary>More</summary>\n\nHidden text.\n\n</details>', ['paragraph', 'paragraph']],
  ])('a step ending with %s (GitBook writes `{%% endstep %%}` on the next line)', (_name, html, types) => {
    const nodes = read(`{% stepper %}\n{% step %}\n### One\n\n${html}\n{% endstep %}\n\n{% step %}\n### Two\n\n${html}\n{% endstep %}\n{% endstepper %}\n\n## After the stepper\n`);
    const step: Outline = ['stepper-step', ['heading-2', ...types]];
    expect(outline(nodes)).toEqual([['stepper', [step, step]], 'heading-1']);
    expect(text({ object: 'block', nodes } as DocNode)).not.toContain('{%');
  });

  it('a step ending with a cards table keeps the card links (a step cannot hold a table)', () => {
    const document = markdownToDocument(`{% stepper %}\n{% step %}\n### Pick\n\n${cards}\n{% endstep %}\n{% endstepper %}\n\n## After\n`);
    expect(outline((document as unknown as DocNode).nodes ?? [])).toEqual([['stepper', [['stepper-step', ['heading-2', 'paragraph']]]], 'heading-1']);
    expect(extractLinks(document).map((link) => link.target)).toEqual([{ kind: 'path', path: 'next.md' }]);
  });

  it('two steppers in a row, the first ending with a figure', () => {
    const nodes = read(`{% stepper %}\n{% step %}\n${figure}\n{% endstep %}\n{% endstepper %}\n\n{% stepper %}\n{% step %}\nSecond.\n{% endstep %}\n{% endstepper %}\n`);
    expect(outline(nodes)).toEqual([
      ['stepper', [['stepper-step', ['images']]]],
      ['stepper', [['stepper-step', ['paragraph']]]],
    ]);
  });

  it('CRLF line endings', () => {
    const nodes = read('{% stepper %}\r\n{% step %}\r\n### One\r\n\r\nText.\r\n{% endstep %}\r\n{% endstepper %}\r\n');
    expect(outline(nodes)).toEqual([['stepper', [['stepper-step', ['heading-2', 'paragraph']]]]]);
  });

  it('writes each form back as markdown that reads as the same document', () => {
    const markdown = `{% stepper %}\n{% step %}\n### One <a href="#one" id="one"></a>\n\n${figure}\n{% endstep %}\n\n{% step %}\n#### Two\n\n{% code title="a.sh" %}\n\`\`\`bash\nls\n\`\`\`\n{% endcode %}\n{% endstep %}\n{% endstepper %}\n`;
    const written = documentToMarkdown(markdownToDocument(markdown));
    expect(written).toBe(markdown);
  });
});
