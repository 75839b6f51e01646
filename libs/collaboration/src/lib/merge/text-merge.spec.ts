import { mergeText } from './text-merge';

const labels = { ours: 'space', theirs: 'change request' };

describe('mergeText', () => {
  it('takes one-sided changes and identical changes', () => {
    expect(mergeText('a\nb', 'a\nb', 'a\nB', labels)).toEqual({ clean: true, text: 'a\nB' });
    expect(mergeText('a\nb', 'A\nb', 'a\nb', labels)).toEqual({ clean: true, text: 'A\nb' });
    expect(mergeText('a\nb', 'A\nb', 'A\nb', labels)).toEqual({ clean: true, text: 'A\nb' });
  });

  it('merges changes of different parts', () => {
    const base = 'one\n\ntwo\n\nthree';
    expect(mergeText(base, 'ONE\n\ntwo\n\nthree', 'one\n\ntwo\n\nTHREE', labels)).toEqual({ clean: true, text: 'ONE\n\ntwo\n\nTHREE' });
    expect(mergeText(base, 'zero\n\none\n\ntwo\n\nthree', 'one\n\ntwo', labels)).toEqual({ clean: true, text: 'zero\n\none\n\ntwo' });
  });

  it('marks the same part changed differently, git-style, in markdown-safe paragraphs', () => {
    const result = mergeText('one\n\ntwo', 'one\n\nTWO (space)', 'one\n\nTWO (cr)', labels);
    expect(result.clean).toBe(false);
    expect(result.text).toBe('one\n\n\n`<<<<<<< space`\n\nTWO (space)\n\n`=======`\n\nTWO (cr)\n\n`>>>>>>> change request`\n');
    expect(result).toMatchObject({ regions: 1 });
  });
});
