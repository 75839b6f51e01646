import { moveToSpacePlace, PlacedPage, placeOf } from './page-place';

/** A tree from the children of each page (by id) and the top level. */
const tree = (spec: Record<string, string[]>, root: string[]): PlacedPage[] => {
  const node = (id: string): PlacedPage => ({ id, pages: (spec[id] ?? []).map(node) });
  return root.map(node);
};

describe('placeOf', () => {
  it('gives the parent and the sibling before, at any depth', () => {
    const pages = tree({ guides: ['install', 'faq'] }, ['intro', 'guides']);
    expect(placeOf(pages, 'faq')).toEqual({ parent: 'guides', after: 'install' });
    expect(placeOf(pages, 'install')).toEqual({ parent: 'guides', after: undefined });
    expect(placeOf(pages, 'guides')).toEqual({ parent: null, after: 'intro' });
    expect(placeOf(pages, 'nowhere')).toBeUndefined();
  });
});

describe('moveToSpacePlace', () => {
  it('moves the page under the space parent, after the sibling the space has before it', () => {
    const space = tree({ reference: ['api', 'faq'] }, ['guides', 'reference']);
    const changeRequest = tree({ guides: ['faq'], reference: ['api'] }, ['guides', 'reference']);
    expect(moveToSpacePlace(space, changeRequest, 'faq')).toEqual({ parent: 'reference', position: { after: 'api' } });
  });

  it('moves it last when the change request lacks that sibling there, and to the top level', () => {
    const space = tree({ reference: ['api', 'faq'] }, ['guides', 'reference', 'top']);
    const changeRequest = tree({ guides: ['faq', 'api', 'top'] }, ['guides', 'reference']);
    expect(moveToSpacePlace(space, changeRequest, 'faq')).toEqual({ parent: 'reference' });
    expect(moveToSpacePlace(space, changeRequest, 'top')).toEqual({ parent: null, position: { after: 'reference' } });
  });

  it('moves nothing where the page already sits there, or where a tree lacks the page or the parent', () => {
    const space = tree({ guides: ['faq'] }, ['guides', 'gone']);
    expect(moveToSpacePlace(space, tree({ guides: ['faq'] }, ['guides']), 'faq')).toBeUndefined();
    expect(moveToSpacePlace(space, tree({}, ['guides']), 'faq')).toBeUndefined();
    expect(moveToSpacePlace(tree({ gone: ['faq'] }, ['gone']), tree({}, ['faq']), 'faq')).toBeUndefined();
  });
});
