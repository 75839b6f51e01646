import { CHOICES_PER_GROUP, refChoices } from './ref-choices';

describe('what the pickers list for the words typed', () => {
  const pages = [
    { id: 'p1', title: 'Using the installer', path: 'guides/using' },
    { id: 'p2', title: 'Install', path: 'install' },
    { id: 'p3', title: 'Uninstall', path: 'uninstall' },
  ];

  it('lists labels that start with the words first, then the others in their order', () => {
    expect(refChoices({ pages }, 'install').map((choice) => choice.label)).toEqual(['Install', 'Using the installer', 'Uninstall']);
  });

  it('lists everything (a few of each group) when nothing is typed, people first, then pages, headings and files', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ id: `p${i}`, title: `Page ${i}`, path: `p${i}` }));
    const choices = refChoices({ pages: many, headings: [{ anchor: 'setup', title: 'Setup' }], files: [{ id: 'f', name: 'a.pdf' }], members: [{ id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' }] }, '');
    expect(choices.filter((choice) => choice.group === 'Pages')).toHaveLength(CHOICES_PER_GROUP);
    expect([...new Set(choices.map((choice) => choice.group))]).toEqual(['People', 'Pages', 'Headings of this page', 'Files']);
    expect(choices[0]).toEqual({ group: 'People', label: 'Ada Lovelace', detail: 'ada@example.com', ref: { kind: 'user', user: 'u1' } });
    expect(choices.find((choice) => choice.group === 'Headings of this page')).toEqual({ group: 'Headings of this page', label: 'Setup', detail: '#setup', ref: { kind: 'anchor', anchor: 'setup' } });
  });

  it('finds people by name or email, with or without the @ typed', () => {
    const members = [
      { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
      { id: 'u2', name: 'Grace Hopper', email: 'grace@navy.example' },
    ];
    expect(refChoices({ members }, '@gra').map((choice) => choice.ref)).toEqual([{ kind: 'user', user: 'u2' }]);
    expect(refChoices({ members }, 'example.com').map((choice) => choice.label)).toEqual(['Ada Lovelace']);
  });
});
