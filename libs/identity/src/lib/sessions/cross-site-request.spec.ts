import { isCrossSiteWrite, originsOf } from './cross-site-request';

describe('isCrossSiteWrite', () => {
  const own = originsOf('https://docs.example.com/', 'https://api.example.com:8443/base');

  it('takes writes from our own origins, and reads from anywhere', () => {
    expect(isCrossSiteWrite('POST', { origin: 'https://docs.example.com' }, own)).toBe(false);
    expect(isCrossSiteWrite('DELETE', { origin: 'https://API.example.com:8443' }, own)).toBe(false);
    expect(isCrossSiteWrite('GET', { origin: 'https://evil.example' }, own)).toBe(false);
    expect(isCrossSiteWrite('HEAD', { 'sec-fetch-site': 'cross-site' }, own)).toBe(false);
  });

  it('refuses writes from another origin, a null origin, or another site by Sec-Fetch-Site', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      expect(isCrossSiteWrite(method, { origin: 'https://evil.example' }, own)).toBe(true);
    }
    expect(isCrossSiteWrite('POST', { origin: 'null' }, own)).toBe(true);
    expect(isCrossSiteWrite('POST', { origin: 'http://docs.example.com' }, own)).toBe(true); // another scheme is another origin
    expect(isCrossSiteWrite('POST', { origin: 'https://docs.example.com:444' }, own)).toBe(true);
    expect(isCrossSiteWrite('PATCH', { 'sec-fetch-site': 'cross-site' }, own)).toBe(true);
    expect(isCrossSiteWrite('PATCH', { 'sec-fetch-site': 'same-site' }, own)).toBe(true);
  });

  it('takes a write without Origin from the same origin or from no browser at all', () => {
    expect(isCrossSiteWrite('POST', { 'sec-fetch-site': 'same-origin' }, own)).toBe(false);
    expect(isCrossSiteWrite('POST', { 'sec-fetch-site': 'none' }, own)).toBe(false);
    expect(isCrossSiteWrite('POST', {}, own)).toBe(false);
  });
});
