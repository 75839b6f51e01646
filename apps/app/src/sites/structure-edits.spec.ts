import type { SiteSection, SiteSpace } from '../api/types';
import { fieldsOf, sectionChange, variantChange } from './structure-edits';

const section = { object: 'site-section', id: 'sec', title: 'Guides', path: 'guides', icon: 'book', siteSpaces: [] } as unknown as SiteSection;
const variant = { object: 'site-space', id: 'ss', path: 'v1', condition: 'visitor.claims.beta == true' } as unknown as SiteSpace;

describe('fieldsOf', () => {
  it('trims what the form holds and leaves out what it does not', () => {
    const data = new FormData();
    data.set('path', '  v2 ');
    data.set('condition', '');
    expect(fieldsOf(data)).toEqual({ title: undefined, path: 'v2', icon: undefined, condition: '' });
  });
});

describe('sectionChange', () => {
  it('is empty when nothing changed', () => {
    expect(sectionChange(section, { title: 'Guides', path: 'guides', icon: 'book' })).toEqual({});
  });

  it('carries what changed, an emptied icon as null', () => {
    expect(sectionChange(section, { title: 'Tutorials', path: 'tutorials', icon: '' })).toEqual({ title: 'Tutorials', path: 'tutorials', icon: null });
  });

  it('sets an icon on a section without one, and never sends an emptied title or path', () => {
    const bare = { ...section, icon: undefined } as SiteSection;
    expect(sectionChange(bare, { title: '', path: '', icon: 'rocket' })).toEqual({ icon: 'rocket' });
    expect(sectionChange(bare, { icon: '' })).toEqual({});
  });
});

describe('variantChange', () => {
  it('carries a new path, and an emptied condition as null', () => {
    expect(variantChange(variant, { path: 'v2', condition: '' })).toEqual({ path: 'v2', condition: null });
  });

  it('sets a condition on a variant shown to everyone, and is empty when nothing changed', () => {
    const always = { ...variant, condition: undefined } as SiteSpace;
    expect(variantChange(always, { path: 'v1', condition: 'visitor.claims.plan == "pro"' })).toEqual({ condition: 'visitor.claims.plan == "pro"' });
    expect(variantChange(variant, { path: 'v1', condition: 'visitor.claims.beta == true' })).toEqual({});
  });
});
