import { documentToMarkdown, markdownToDocument } from '@docs/document-model';
import { withMentionInlines } from './mention-inlines';

const readers = new Map([
  ['ada@example.com', 'u-ada'],
  ['bob@example.org', 'u-bob'],
]);
const mention = (user: string) => ({ object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'user', user } } });
const text = (...leaves: [string, string[]?][]) => ({ object: 'text', leaves: leaves.map(([t, marks = []]) => ({ object: 'leaf', text: t, marks: marks.map((type) => ({ object: 'mark', type })) })) });

describe('withMentionInlines', () => {
  it("writes a reader's @email as the mention inline the codec reads from a mention link", () => {
    const written = withMentionInlines(markdownToDocument('Hi @Ada@Example.com, ask @nobody@example.com.'), readers);
    expect((written.nodes[0] as any).nodes).toEqual([text(['Hi ']), mention('u-ada'), text([', ask @nobody@example.com.'])]);
    expect(written).toEqual(markdownToDocument('Hi [ref:user/u-ada](ref:user/u-ada "mention"), ask @nobody@example.com.'));
    expect(documentToMarkdown(written)).toBe('Hi [ref:user/u-ada](ref:user/u-ada "mention"), ask @nobody@example.com.\n');
  });

  it('keeps marks on each side, a whole-text mention alone, several in one leaf', () => {
    const [marked, alone, two] = withMentionInlines(markdownToDocument('**see @ada@example.com now** `@ada@example.com`\n\n@bob@example.org\n\n@ada@example.com @bob@example.org'), readers).nodes as any[];
    expect(marked.nodes).toEqual([text(['see ', ['bold']]), mention('u-ada'), text([' now', ['bold']], [' '], ['@ada@example.com', ['code']])]);
    expect(alone.nodes).toEqual([mention('u-bob')]);
    expect(two.nodes).toEqual([mention('u-ada'), text([' ']), mention('u-bob')]);
  });

  it('in headings, list items, quotes and table cells; not in code blocks or link labels', () => {
    const markdown = '# For @ada@example.com\n\n* @ada@example.com\n\n> @ada@example.com\n\n| a |\n|---|\n| @ada@example.com |\n\n```\n@ada@example.com\n```\n\n[@ada@example.com](https://example.com)';
    const written = withMentionInlines(markdownToDocument(markdown), readers);
    expect(documentToMarkdown(written)).toBe(
      [
        '## For [ref:user/u-ada](ref:user/u-ada "mention")',
        '* [ref:user/u-ada](ref:user/u-ada "mention")',
        '> [ref:user/u-ada](ref:user/u-ada "mention")',
        '| a                                          |\n| ------------------------------------------ |\n| [ref:user/u-ada](ref:user/u-ada "mention") |',
        '```\n@ada@example.com\n```',
        '[@ada@example.com](https://example.com)\n',
      ].join('\n\n'),
    );
  });

  it('keeps the text node key on its first piece and leaves a body without mentions as it is', () => {
    const document = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', key: 'p', nodes: [{ ...text(['a @ada@example.com b']), key: 't' }] }] } as any;
    expect(withMentionInlines(document, readers).nodes[0]).toEqual({ ...document.nodes[0], nodes: [{ ...text(['a ']), key: 't' }, mention('u-ada'), text([' b'])] });
    const none = markdownToDocument('No one here.');
    expect(withMentionInlines(none, readers)).toEqual(none);
    expect(withMentionInlines(none, new Map())).toBe(none);
  });
});
