import { mountCandidates, pathSegments, publishedOriginOf, SiteEntity, SiteLinks, SiteSectionEntity, SiteSpaceEntity, SiteStructure } from '@docs/sites';
import { parseCookies, serializeCookie } from '../access/visitor-cookies';
import { resolveRelativePath } from '../pages/site-document-context';

describe('mountCandidates', () => {
  const published = publishedOriginOf('http://localhost:8081');

  it('reads a path under PUBLISHED_URL on its host', () => {
    expect(mountCandidates('localhost:8081', '/sites/org1/handbook/guide/install', published)).toEqual([
      { kind: 'path', organizationId: 'org1', site: 'handbook', basePath: '/sites/org1/handbook', rest: '/guide/install' },
    ]);
    expect(mountCandidates('localhost:8081', '/sites/org1', published)).toEqual([]);
    expect(mountCandidates('localhost:8081', '/other/org1/x', published)).toEqual([]);
  });

  it('honours a path in PUBLISHED_URL', () => {
    const prefixed = publishedOriginOf('https://example.com/docs/');
    expect(prefixed).toEqual({ origin: 'https://example.com', host: 'example.com', pathPrefix: '/docs' });
    expect(mountCandidates('example.com', '/docs/sites/o/s', prefixed)).toEqual([{ kind: 'path', organizationId: 'o', site: 's', basePath: '/docs/sites/o/s', rest: '/' }]);
    expect(mountCandidates('example.com', '/sites/o/s', prefixed)).toEqual([]);
  });

  it('tries a custom hostname, then proxies (longest first), then the path, on another host', () => {
    const candidates = mountCandidates('Docs.Example.com:443', '/help/guide', published);
    expect(candidates).toEqual([
      { kind: 'hostname', hostname: 'docs.example.com', basePath: '', rest: '/help/guide' },
      {
        kind: 'proxy',
        origins: [
          { origin: 'docs.example.com/help/guide', basePath: '/help/guide', rest: '/' },
          { origin: 'docs.example.com/help', basePath: '/help', rest: '/guide' },
        ],
      },
    ]);
    // One label below PUBLISHED_URL's host: an organization's subdomain, whose first segment names the site.
    expect(mountCandidates('acme.localhost:8081', '/handbook/guide', published)).toEqual([
      { kind: 'subdomain', subdomain: 'acme', site: 'handbook', basePath: '/handbook', rest: '/guide' },
      { kind: 'proxy', origins: [{ origin: 'acme.localhost/handbook/guide', basePath: '/handbook/guide', rest: '/' }, { origin: 'acme.localhost/handbook', basePath: '/handbook', rest: '/guide' }] },
    ]);
    expect(mountCandidates('a.localhost:8081', '/handbook', published).map((c) => c.kind)).toEqual(['proxy']);
    expect(mountCandidates('acme.localhost:9999', '/handbook', published).map((c) => c.kind)).toEqual(['proxy']);
    // Two labels are not a custom hostname; the path still finds a site on any host.
    expect(mountCandidates('127.0.0.1:8081', '/sites/o/s', published).map((c) => c.kind)).toEqual(['proxy', 'path']);
  });

  it('refuses dot segments, encoded slashes and bad escapes', () => {
    expect(pathSegments('/a/../b')).toBeUndefined();
    expect(pathSegments('/a/%2e%2e/b')).toBeUndefined();
    expect(pathSegments('/a%2Fb')).toBeUndefined();
    expect(pathSegments('/%E0%A4%A')).toBeUndefined();
    expect(pathSegments('/a//b')).toBeUndefined();
    expect(pathSegments('/caf%C3%A9/')).toEqual(['café']);
    expect(mountCandidates('localhost:8081', '/sites/o/s/../x', published)).toEqual([]);
  });
});

describe('SiteLinks', () => {
  const site = Object.assign(new SiteEntity(), { id: 'site' });
  const section = (id: string, path: string, isDefault = false) => Object.assign(new SiteSectionEntity(), { id, path, title: id, isDefault, position: id });
  const siteSpace = (id: string, sectionId: string | null, path: string, isDefault = false) =>
    Object.assign(new SiteSpaceEntity(), { id, sectionId, spaceId: `space-${id}`, path, isDefault, position: id, space: { title: id, revisionId: 'r' } });

  it('puts the default section and site space at the base, the others one segment below', () => {
    const guides = section('guides', 'guides', true);
    const api = section('api', 'api');
    const structure: SiteStructure = {
      site,
      root: [
        { type: 'section', section: guides },
        { type: 'section', section: api },
      ],
      sections: [guides, api],
      siteSpaces: new Map([
        ['guides', [siteSpace('v2', 'guides', 'v2', true), siteSpace('v1', 'guides', 'v1')]],
        ['api', [siteSpace('rest', 'api', 'rest', true)]],
      ]),
    };
    const links = new SiteLinks(structure, '/sites/o/s');
    expect(links.variants.map((v) => [v.siteSpace.id, v.url])).toEqual([
      ['v2', '/sites/o/s'],
      ['v1', '/sites/o/s/v1'],
      ['rest', '/sites/o/s/api'],
    ]);
    const resolve = (segments: string[]) => {
      const found = links.resolve(segments);
      return found && [found.variant.siteSpace.id, found.pagePath.join('/')];
    };
    expect(resolve([])).toEqual(['v2', '']);
    expect(resolve(['install', 'linux'])).toEqual(['v2', 'install/linux']);
    expect(resolve(['v1', 'install'])).toEqual(['v1', 'install']);
    expect(resolve(['api', 'users'])).toEqual(['rest', 'users']);
    // The default section's path is not a prefix of its own pages.
    expect(resolve(['guides'])).toEqual(['v2', 'guides']);
    expect(links.pageUrl(links.variants[1], 'a b/c', false)).toBe('/sites/o/s/v1/a%20b/c');
    expect(links.pageUrl(links.variants[1], 'intro', true)).toBe('/sites/o/s/v1');
    expect(links.variantOfSpace('space-rest')?.url).toBe('/sites/o/s/api');
  });

  it('gives the base to the first visible section when the default one is hidden', () => {
    const api = section('api', 'api');
    const structure: SiteStructure = { site, root: [{ type: 'section', section: api }], sections: [api], siteSpaces: new Map([['api', [siteSpace('rest', 'api', 'rest', true)]]]) };
    const links = new SiteLinks(structure, '');
    expect(links.variants[0].url).toBe('');
    expect(links.home).toBe('/');
    expect(links.resolve([])?.variant.siteSpace.id).toBe('rest');
  });

  it('serves the site spaces at the root of a site without sections', () => {
    const structure: SiteStructure = { site, root: [], sections: [], siteSpaces: new Map([['', [siteSpace('a', null, 'a', true), siteSpace('b', null, 'b')]]]) };
    const links = new SiteLinks(structure, '');
    expect(links.variants.map((v) => v.url)).toEqual(['', '/b']);
    expect(links.resolve(['b', 'x'])?.variant.siteSpace.id).toBe('b');
  });
});

describe('visitor cookies', () => {
  it('parse and write cookies', () => {
    expect(parseCookies('a=1; site_share=k%3Dx; a=2; bad; q="quoted"')).toEqual(new Map([['a', '1'], ['site_share', 'k=x'], ['q', 'quoted']]));
    expect(serializeCookie('site_share', 'k=x', { path: '/sites/o/s', secure: true, maxAge: 60 })).toBe('site_share=k%3Dx; Path=/sites/o/s; HttpOnly; SameSite=Lax; Max-Age=60; Secure');
    expect(serializeCookie('site_visitor', '', { path: '', secure: false, maxAge: 0 })).toBe('site_visitor=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
  });
});

describe('resolveRelativePath', () => {
  it('reads relative markdown links from the page folder', () => {
    expect(resolveRelativePath('guides/writing/pages', '../setup.md#install')).toEqual({ path: 'guides/setup', anchor: 'install' });
    expect(resolveRelativePath('guides/writing', 'blocks.md')).toEqual({ path: 'guides/blocks' });
    expect(resolveRelativePath('intro', 'guides/README.md')).toEqual({ path: 'guides' });
    expect(resolveRelativePath('intro', '/reference/api.md')).toEqual({ path: 'reference/api' });
    expect(resolveRelativePath('intro', '../../x.md')).toBeUndefined();
    expect(resolveRelativePath('intro', '#only')).toBeUndefined();
  });
});
