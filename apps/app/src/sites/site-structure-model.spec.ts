import type { SiteSection, SiteSectionGroup, SiteSpace, SiteStructure } from '../api/types';
import { moveRequest, pointerOfEntry, previewChoices, structureView, ungroupedSections, variantName } from './site-structure-model';

const variant = (id: string, title: string) => ({ object: 'site-space', id, title, path: id, space: { title } }) as unknown as SiteSpace;
const section = (id: string, siteSpaces: SiteSpace[] = []) => ({ object: 'site-section', id, title: id, path: id, siteSpaces }) as unknown as SiteSection;
const group = (id: string, children: SiteSection[]) => ({ object: 'site-section-group', id, title: id, children, sections: children }) as unknown as SiteSectionGroup;

describe('structureView', () => {
  it('lists the variants of a site without sections', () => {
    const view = structureView({ type: 'siteSpaces', structure: [variant('a', 'Handbook'), variant('b', 'API')] } as SiteStructure);
    expect(view.hasSections).toBe(false);
    expect(view.variants.map(variantName)).toEqual(['Handbook', 'API']);
    expect(view.sections).toEqual([]);
  });

  it('keeps sections and groups in root order, each group with its sections, and every section in structure order', () => {
    const guides = section('guides');
    const v1 = section('v1');
    const v2 = section('v2');
    const view = structureView({ type: 'sections', structure: [guides, group('versions', [v1, v2])] } as SiteStructure);
    expect(view.root.map((entry) => (entry.type === 'group' ? [entry.group.id, entry.sections.map((s) => s.id)] : entry.section.id))).toEqual(['guides', ['versions', ['v1', 'v2']]]);
    expect(view.sections.map((s) => s.id)).toEqual(['guides', 'v1', 'v2']);
    expect(ungroupedSections(view).map((s) => s.id)).toEqual(['guides']);
    expect(view.root.map(pointerOfEntry)).toEqual([
      { type: 'site-section', id: 'guides' },
      { type: 'site-section-group', id: 'versions' },
    ]);
  });
});

describe('moveRequest', () => {
  const siblings = [
    { type: 'site-section' as const, id: 'a' },
    { type: 'site-section-group' as const, id: 'b' },
    { type: 'site-section' as const, id: 'c' },
  ];
  it('moves an item before the one above it, or after the one below it', () => {
    expect(moveRequest(siblings, 2, -1)).toEqual({ item: siblings[2], position: { before: siblings[1] } });
    expect(moveRequest(siblings, 0, 1)).toEqual({ item: siblings[0], position: { after: siblings[1] } });
  });
  it('has no move past either end', () => {
    expect(moveRequest(siblings, 0, -1)).toBeUndefined();
    expect(moveRequest(siblings, 2, 1)).toBeUndefined();
  });
});

describe('previewChoices', () => {
  it('names each variant of a site without sections, the default one marked', () => {
    const a = { ...variant('a', 'Handbook'), default: true } as SiteSpace;
    expect(previewChoices({ type: 'siteSpaces', structure: [a, variant('b', 'Handbook v2')] } as SiteStructure)).toEqual([
      { siteSpaceId: 'a', label: 'Handbook', landing: true },
      { siteSpaceId: 'b', label: 'Handbook v2', landing: false },
    ]);
  });

  it('names each variant by its section, in structure order, groups expanded; only the default section marks its default', () => {
    const v1 = { ...variant('v1', 'Handbook'), default: true } as SiteSpace;
    const api = { ...variant('api', 'API'), default: true } as SiteSpace;
    const guides = { ...section('guides', [v1, variant('v2', 'Handbook v2')]), default: true } as SiteSection;
    const reference = section('reference', [api]);
    expect(previewChoices({ type: 'sections', structure: [guides, group('more', [reference])] } as SiteStructure)).toEqual([
      { siteSpaceId: 'v1', label: 'guides: Handbook', landing: true },
      { siteSpaceId: 'v2', label: 'guides: Handbook v2', landing: false },
      { siteSpaceId: 'api', label: 'reference: API', landing: false },
    ]);
  });
});
