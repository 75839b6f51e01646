import { SpaceEntity } from '@docs/content';
import { SiteSectionEntity } from '../sections/site-section.entity';
import { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import { SiteEntity } from '../sites/site.entity';
import type { SiteStructure } from '../structure/site-structure';
import { previewStructure } from './preview-structure';

const space = (id: string) => Object.assign(new SpaceEntity(), { id, title: id, revisionId: `rev-${id}` });
const siteSpace = (id: string, spaceId: string, sectionId: string | null, isDefault: boolean) =>
  Object.assign(new SiteSpaceEntity(), { id, spaceId, sectionId, isDefault, condition: 'visitor.claims.beta == true', path: id, space: space(spaceId) });
const section = (id: string, isDefault: boolean) => Object.assign(new SiteSectionEntity(), { id, isDefault, condition: null, title: id, path: id });

describe('previewStructure', () => {
  const guides = section('guides', true);
  const api = section('api', false);
  const v1 = siteSpace('v1', 'space-a', 'api', true);
  const v2 = siteSpace('v2', 'space-b', 'api', false);
  const structure: SiteStructure = {
    site: new SiteEntity(),
    root: [
      { type: 'section', section: guides },
      { type: 'section', section: api },
    ],
    sections: [guides, api],
    siteSpaces: new Map([
      ['guides', [siteSpace('g', 'space-g', 'guides', true)]],
      ['api', [v1, v2]],
    ]),
  };

  it('keeps the one site space, as the home of its section, the only one, with the change request’s revision', () => {
    const shown = previewStructure(structure, 'v2', { id: 'cr', spaceId: 'space-b', revisionId: 'cr-head' })!;
    expect(shown.sections.map((s) => [s.id, s.isDefault])).toEqual([['api', true]]);
    expect(shown.root).toEqual([{ type: 'section', section: shown.sections[0] }]);
    const [only] = shown.siteSpaces.get('api')!;
    expect([only.id, only.isDefault, only.condition, only.space!.revisionId]).toEqual(['v2', true, null, 'cr-head']);
    expect(only).toBeInstanceOf(SiteSpaceEntity);
    // Search reads the change request's head.
    expect([...shown.contentHeads!]).toEqual([['space-b', 'cr']]);
    // The shared structure is untouched.
    expect([v2.isDefault, v2.condition, v2.space!.revisionId, api.isDefault]).toEqual([false, 'visitor.claims.beta == true', 'rev-space-b', false]);
  });

  it('keeps the space’s revision without a change request, and works at the root of a site without sections', () => {
    const root: SiteStructure = { site: new SiteEntity(), root: [], sections: [], siteSpaces: new Map([['', [siteSpace('r', 'space-r', null, false)]]]) };
    const shown = previewStructure(root, 'r')!;
    expect(shown.sections).toEqual([]);
    expect(shown.siteSpaces.get('')!.map((s) => [s.id, s.isDefault, s.space!.revisionId])).toEqual([['r', true, 'rev-space-r']]);
    expect(shown.contentHeads).toBeUndefined();
  });

  it('finds nothing for a site space that is gone, or a change request of another space', () => {
    expect(previewStructure(structure, 'gone')).toBeUndefined();
    expect(previewStructure(structure, 'v1', { id: 'cr', spaceId: 'space-b', revisionId: 'x' })).toBeUndefined();
  });
});
