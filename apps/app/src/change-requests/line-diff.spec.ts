import { foldUnchanged, lineDiff } from './line-diff';

describe('lineDiff', () => {
  it('keeps, removes and adds lines in order', () => {
    expect(lineDiff('# Intro\n\nOld text.\n', '# Intro\n\nNew text.\n\nMore.\n')).toEqual([
      { kind: 'same', text: '# Intro' },
      { kind: 'same', text: '' },
      { kind: 'removed', text: 'Old text.' },
      { kind: 'added', text: 'New text.' },
      { kind: 'added', text: '' },
      { kind: 'added', text: 'More.' },
    ]);
  });

  it('shows a created page as all added and a deleted one as all removed', () => {
    expect(lineDiff('', 'A\nB\n').map((line) => line.kind)).toEqual(['added', 'added']);
    expect(lineDiff('A\n', '').map((line) => line.kind)).toEqual(['removed']);
    expect(lineDiff('', '')).toEqual([]);
  });
});

describe('foldUnchanged', () => {
  const same = (text: string) => ({ kind: 'same' as const, text });
  it('folds long unchanged stretches, keeping context around each change', () => {
    const lines = [...['1', '2', '3', '4', '5'].map(same), { kind: 'added' as const, text: 'new' }, ...['6', '7', '8', '9', '10', '11', '12'].map(same), { kind: 'removed' as const, text: 'old' }];
    expect(foldUnchanged(lines, 2)).toEqual([
      { kind: 'folded', count: 3 },
      { kind: 'lines', lines: [same('4'), same('5'), { kind: 'added', text: 'new' }, same('6'), same('7')] },
      { kind: 'folded', count: 3 },
      { kind: 'lines', lines: [same('11'), same('12'), { kind: 'removed', text: 'old' }] },
    ]);
  });

  it('leaves short stretches and unchanged texts whole or folded', () => {
    expect(foldUnchanged([same('a'), { kind: 'added', text: 'b' }, same('c')], 2)).toEqual([{ kind: 'lines', lines: [same('a'), { kind: 'added', text: 'b' }, same('c')] }]);
    expect(foldUnchanged([same('a'), same('b')], 2)).toEqual([{ kind: 'folded', count: 2 }]);
  });
});
