import { loadConfig } from '../config/app-config';
import { PublicUrls } from './public-urls';

describe('PublicUrls', () => {
  const urls = new PublicUrls(
    loadConfig({ DATABASE_URL: 'postgres://x/y', PUBLIC_URL: 'http://api.test', APP_URL: 'http://app.test', PUBLISHED_URL: 'http://docs.test/base' }),
  );

  it('joins segments under the origin, split at "/", empty parts dropped', () => {
    expect(urls.api('/v1/spaces', 'abc')).toBe('http://api.test/v1/spaces/abc');
    expect(urls.api('/v1//orgs/', '', 'o1', 'members')).toBe('http://api.test/v1/orgs/o1/members');
    expect(urls.api()).toBe('http://api.test');
    expect(urls.app('o', 's')).toBe('http://app.test/o/s');
    expect(urls.published('guide/intro')).toBe('http://docs.test/base/guide/intro');
  });

  it('percent-encodes each part as encodeURIComponent does', () => {
    for (const part of ['a b', 'é', '?x=1&y', '#top', '%', "it's-(ok)_~.*!", 'a+b', 'ü/ß']) {
      const expected = part
        .split('/')
        .filter(Boolean)
        .map((p) => encodeURIComponent(p))
        .join('/');
      expect(urls.api('/v1/things', part)).toBe(`http://api.test/v1/things/${expected}`);
    }
  });
});
