import type { SearchPageResult } from '../api/types';
import { headedSections, resultHref } from './search-hrefs';

describe('search results as app addresses', () => {
  it('opens the page, or the page at the section', () => {
    expect(resultHref('s1', 'guide/install')).toBe('/s/s1/guide/install');
    expect(resultHref('s1', 'guide/install#requirements')).toBe('/s/s1/guide/install#requirements');
    expect(resultHref('s1', 'café/ünïcode#étape-1')).toBe('/s/s1/caf%C3%A9/%C3%BCn%C3%AFcode#%C3%A9tape-1');
  });

  it('lists the sections under a heading; the text before the first heading is the page itself', () => {
    const section = (id: string, path: string) => ({ id, title: id, path, body: '', urls: { app: '' } });
    const result: SearchPageResult = { id: 'p', title: 'Install', path: 'install', urls: { app: '' }, sections: [section('p', 'install'), section('requirements', 'install#requirements')] };
    expect(headedSections(result).map((s) => s.id)).toEqual(['requirements']);
    expect(headedSections({ ...result, sections: undefined })).toEqual([]);
  });
});
