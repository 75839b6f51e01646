import { PublicUrls } from '@docs/platform';
import { testConfig } from '@docs/platform/testing';
import { CONTENT_VISIBILITIES, SpaceEntity } from './space.entity';
import { SpacePresenter } from './space.presenter';

describe('SpacePresenter urls', () => {
  const presenter = new SpacePresenter(new PublicUrls(testConfig('postgres://unused/unused')));
  const space = (visibility: SpaceEntity['visibility']) =>
    Object.assign(new SpaceEntity(), {
      id: 's1',
      organizationId: 'o1',
      parentId: null,
      title: 'T',
      emoji: '',
      iconUrl: null,
      visibility,
      editMode: 'live',
      defaultLevel: 'inherit',
      language: null,
      position: 'a0',
      revisionId: 'r1',
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      createdAt: new Date(0),
      updatedAt: new Date(0),
      deletedAt: null,
    });

  it('gives a published URL unless private, and a public one only when public', () => {
    const urls = Object.fromEntries(CONTENT_VISIBILITIES.map((v) => [v, presenter.present(space(v), 'read').urls]));
    expect(urls.private).toEqual({ location: 'http://api.test/v1/spaces/s1', app: 'http://app.test/s/s1' });
    expect(urls.public).toEqual({ location: 'http://api.test/v1/spaces/s1', app: 'http://app.test/s/s1', published: 'http://docs.test/s/s1', public: 'http://docs.test/s/s1' });
    for (const visibility of ['unlisted', 'share-link', 'visitor-auth', 'in-collection'] as const) {
      expect(urls[visibility].published).toBe('http://docs.test/s/s1');
      expect(urls[visibility].public).toBeUndefined();
    }
  });
});
