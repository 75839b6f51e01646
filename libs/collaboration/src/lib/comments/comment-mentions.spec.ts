import { markdownToDocument } from '@docs/document-model';
import { MAX_MENTIONS, mentionCandidates } from './comment-mentions';

describe('mentions in a body', () => {
  it('@email in text, user links and mention inlines; not inside code', () => {
    const document = markdownToDocument(
      'Hi @Alice@Example.com and @bob@example.org. Ask [@Carol](ref:user/u-carol), not me@example.net.\n\n`@code@example.com`\n\n```\n@block@example.com\n```\n\n> @alice@example.com again',
    );
    (document.nodes[0] as any).nodes.push({ object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'user', user: 'u-dan' } } });
    expect(mentionCandidates(document)).toEqual({ userIds: ['u-carol', 'u-dan'], emails: ['alice@example.com', 'bob@example.org'] });
  });

  it('@email only where a mention inline may stand: not in a link label, not in a code block', () => {
    const document = markdownToDocument('[@link@example.com](https://example.com)\n\n# Ask @head@example.com\n\n| a |\n|---|\n| @cell@example.com |');
    expect(mentionCandidates(document).emails).toEqual(['head@example.com', 'cell@example.com']);
  });

  it('nothing to record', () => {
    expect(mentionCandidates(markdownToDocument('No one. user@example.com is an address.'))).toEqual({ userIds: [], emails: [] });
  });

  it('at most MAX_MENTIONS people', () => {
    const many = Array.from({ length: 80 }, (_, i) => `@u${i}@example.com`).join(' ');
    const { emails } = mentionCandidates(markdownToDocument(many));
    expect(emails.length).toBe(MAX_MENTIONS);
    expect(emails[0]).toBe('u0@example.com');
  });
});
