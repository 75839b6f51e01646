import type { RevisionSemanticChange } from '../api/types';
import { describeChange, groupChanges } from './semantic-changes';

const page = (id: string, title: string) => ({ id, title, type: 'document' as const, path: title.toLowerCase() });

describe('groupChanges', () => {
  it('groups by page, with the text before and after the edits carry', () => {
    const changes = [
      { type: 'page_edited', page: page('p1', 'Intro'), attributes: { title: { before: 'Start', after: 'Intro' }, document: { before: 'Old.\n', after: 'New.\n' } } },
      { type: 'page_moved', page: page('p1', 'Intro'), parent: { after: page('p0', 'Guide') } },
      { type: 'page_created', page: page('p2', 'FAQ') },
      { type: 'page_deleted', page: { id: 'p3', title: 'Old', type: 'document' } },
      { type: 'variables_edited', variables: { version: { before: '1', after: '2' } } },
    ] as RevisionSemanticChange[];
    const { pages, others } = groupChanges(changes);
    expect(pages.map((group) => [group.pageId, group.changes.length, group.text])).toEqual([
      ['p1', 2, { before: 'Old.\n', after: 'New.\n' }],
      ['p2', 1, 'created'],
      ['p3', 1, 'deleted'],
    ]);
    expect(others.map((change) => change.type)).toEqual(['variables_edited']);
  });

  it('leaves the text out when only the title changed', () => {
    const { pages } = groupChanges([{ type: 'page_edited', page: page('p1', 'Intro'), attributes: { title: { before: 'A', after: 'Intro' } } }] as RevisionSemanticChange[]);
    expect(pages[0].text).toBeUndefined();
  });
});

describe('describeChange', () => {
  it('says each change in a sentence', () => {
    expect(describeChange({ type: 'page_edited', page: page('p1', 'Intro'), attributes: { title: { before: 'Start', after: 'Intro' }, document: { before: 'a', after: 'b' } } } as RevisionSemanticChange)).toBe(
      'Changed: title and text. Title: “Start” → “Intro”.',
    );
    expect(describeChange({ type: 'page_moved', page: page('p1', 'Intro'), parent: { after: page('p0', 'Guide') } } as RevisionSemanticChange)).toBe('Moved from the top level to Guide.');
    expect(describeChange({ type: 'file_created', file: { id: 'f', name: 'logo.png', contentType: 'image/png', downloadURL: 'x', size: 1 } } as unknown as RevisionSemanticChange)).toBe('File added: logo.png.');
    expect(describeChange({ type: 'variables_edited', variables: { a: {}, b: {} } } as RevisionSemanticChange)).toBe('Variables changed: a and b.');
  });
});
