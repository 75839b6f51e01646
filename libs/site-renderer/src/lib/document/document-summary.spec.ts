import { block, code, doc, fragment, heading, inline, item, p, text } from '../../testing/document-builders';
import { DocumentContext, EMPTY_DOCUMENT_CONTEXT } from '../model/document-context';
import { documentSummary, shorten, SUMMARY_MAX } from './document-summary';
import { renderDocument } from './render-document';

const context: DocumentContext = {
  ...EMPTY_DOCUMENT_CONTEXT,
  link: (ref) => (ref.kind === 'page' && ref.page === 'p-guide' ? { href: '/docs/guide', title: 'The guide' } : undefined),
  reusableContent: (id) =>
    id === 'rc-intro' ? doc(heading(2, 'Shared'), p('Shared intro.')) : id === 'rc-self' ? doc(block('reusable-content', [], { ref: { kind: 'reusable-content', reusableContent: 'rc-self' } })) : undefined,
  expression: (expression) => (expression === 'space.vars.product' ? 'Docs Platform' : undefined),
  condition: (expression) => expression === 'visitor.claims.beta == true',
};
const summary = (...nodes: Record<string, any>[]) => documentSummary(doc(...nodes), context);
const reusable = (id: string) => block('reusable-content', [], { ref: { kind: 'reusable-content', reusableContent: id } });

describe('documentSummary', () => {
  it('is the first paragraph, not a heading, code, a table, an image or an expandable', () => {
    expect(
      summary(
        heading(1, 'Install'),
        code(['npm ci']),
        block('table', [], {}, { fragments: [fragment('r0c0', [p('A cell')])] }),
        block('images', [block('image', [], { ref: { kind: 'url', url: 'https://x/a.png' }, caption: 'Caption' })]),
        block('expandable', [], {}, { fragments: [fragment('expandable-title', [p('More')]), fragment('expandable-body', [p('Hidden')])] }),
        p('   '),
        p('Run it ', text('now', 'bold'), '.'),
        p('Second paragraph.'),
      ),
    ).toBe('Run it now.');
  });

  it('reads through lists, quotes, hints, tabs, steps and columns', () => {
    expect(summary(block('list-unordered', [item(p('First item.'))]))).toBe('First item.');
    expect(summary(block('blockquote', [p('Quoted.')]))).toBe('Quoted.');
    expect(summary(block('hint', [p('Careful.')], { style: 'warning' }))).toBe('Careful.');
    expect(summary(block('tabs', [block('tabs-item', [code(['x']), p('In a tab.')], { title: 'A' })]))).toBe('In a tab.');
    expect(summary(block('stepper', [block('stepper-step', [heading(2, 'One'), p('Do this.')])]))).toBe('Do this.');
    expect(summary(block('columns', [block('column', [p('Left.')]), block('column', [p('Right.')])]))).toBe('Left.');
  });

  it('as the visitor sees it: reusable contents in place, conditions for this visitor, variables, links, mentions, emoji', () => {
    expect(summary(reusable('rc-self'), reusable('missing'), reusable('rc-intro'), p('Own.'))).toBe('Shared intro.');
    expect(summary(block('if', [p('For others')], { expression: 'visitor.claims.plan == "pro"' }), block('if', [p('For beta')], { expression: 'visitor.claims.beta == true' }))).toBe('For beta');
    expect(
      summary(
        p(
          inline('emoji', { code: '1f680' }),
          ' ',
          inline('expression', { expression: 'space.vars.product' }),
          ' — see ',
          inline('link', { ref: { kind: 'url', url: 'https://x' } }, [text('the site')]),
          ', ',
          inline('mention', { ref: { kind: 'page', page: 'p-guide' } }, [], { isVoid: true }),
          ',',
          inline('inline-math', { formula: 'x^2' }),
          inline('button', { label: 'Go', ref: { kind: 'url', url: 'https://x' } }),
          '\n and   ',
          inline('annotation', {}, [text('more')], { fragments: [fragment('annotation-body', [p('Note')])] }),
        ),
      ),
    ).toBe('🚀 Docs Platform — see the site, The guide, and more');
  });

  it('undefined when the page has no paragraph text', () => {
    expect(summary()).toBeUndefined();
    expect(summary(heading(1, 'Only a title'), code(['x']), p(''))).toBeUndefined();
  });

  it(`about ${SUMMARY_MAX} characters, cut after a whole word with an ellipsis`, () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const cut = summary(p(words))!;
    expect(cut.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(cut.length).toBeGreaterThan(SUMMARY_MAX - 10);
    expect(cut.endsWith('…')).toBe(true);
    expect(words.startsWith(cut.slice(0, -1) + ' ')).toBe(true);
    expect(summary(p('Short enough.'))).toBe('Short enough.');
  });

  it('shorten: whole when it fits, punctuation before the cut dropped, a long word cut inside, never half an emoji', () => {
    expect(shorten('a'.repeat(10), 10)).toBe('a'.repeat(10));
    expect(shorten('one two, three', 10)).toBe('one two…');
    expect(shorten('one two three', 8)).toBe('one two…');
    expect(shorten('abcdefghijkl', 6)).toBe('abcde…');
    expect(shorten('abcd😀efgh', 6)).toBe('abcd…');
  });

  it('renderDocument gives it as the summary', () => {
    expect(renderDocument(doc(heading(1, 'T'), p('Body text.')), context).summary).toBe('Body text.');
    expect(renderDocument(doc(heading(1, 'T')), context).summary).toBeUndefined();
  });
});
