import { VISIBILITIES, visibilityLabel } from './visibility';

describe('visibilities', () => {
  it('are the four the API accepts, each with words for people', () => {
    expect(VISIBILITIES.map((v) => v.value)).toEqual(['public', 'unlisted', 'share-link', 'visitor-auth']);
    expect(visibilityLabel('share-link')).toBe('Share link');
    expect(visibilityLabel('something-new')).toBe('something-new');
  });
});
