import emojiData from 'emojibase-data/en/data.json';
import { canonicalEmoji, reactionEmojis } from './reaction-emoji';

describe('reaction emoji (emojibase-data)', () => {
  it('accepts emoji of every kind, in their fully-qualified spelling', () => {
    expect(canonicalEmoji('👍')).toBe('👍');
    expect(canonicalEmoji('🎉')).toBe('🎉');
    expect(canonicalEmoji('👍🏽')).toBe('👍🏽'); // a skin tone
    expect(canonicalEmoji('🇫🇷')).toBe('🇫🇷'); // a flag
    expect(canonicalEmoji('👨‍👩‍👧‍👦')).toBe('👨‍👩‍👧‍👦'); // a ZWJ sequence
    expect(canonicalEmoji('❤️‍🔥')).toBe('❤️‍🔥');
    expect(canonicalEmoji('1️⃣')).toBe('1️⃣'); // a keycap
  });

  it('one reaction, one spelling: with or without variation selectors', () => {
    // Text-default characters take the emoji selector; emoji-default ones none.
    expect(canonicalEmoji('❤')).toBe('❤️');
    expect(canonicalEmoji('❤️')).toBe('❤️');
    expect(canonicalEmoji('❤︎')).toBe('❤️');
    expect(canonicalEmoji('👍️')).toBe('👍');
    expect(canonicalEmoji('©')).toBe('©️');
  });

  it('refuses what is not one emoji of the list', () => {
    for (const text of ['', 'a', ':+1:', 'thumbs up', '👍👍', '👍 ', '🏽', '🇦', '\u200d', '<3', '😀x', 'x'.repeat(40), '\uD83D']) {
      expect([text, canonicalEmoji(text)]).toEqual([text, undefined]);
    }
  });

  it('covers the whole data set, every canonical form distinct and stable', () => {
    const all = reactionEmojis();
    const expected = (emojiData as { group?: number; skins?: unknown[] }[])
      .filter((entry) => entry.group !== undefined && entry.group !== 2)
      .reduce((n, entry) => n + 1 + (entry.skins?.length ?? 0), 0);
    expect(all.length).toBe(expected);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(3500);
    for (const emoji of all) expect(canonicalEmoji(emoji)).toBe(emoji);
  });
});
