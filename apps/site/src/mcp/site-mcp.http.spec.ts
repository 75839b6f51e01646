import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestApp } from '@docs/platform/testing';
import { createOrganization, createPage, createSection, createSite, createSiteTestApp, createSpace, signVisitorToken, listenSite, SiteClient } from '../testing/site-test-app';

const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  additionalProperties: false,
  properties: { beta: { type: 'boolean', description: 'Beta tester' } },
};

/**
 * `<site>/~mcp` through the SDK's own client over real HTTP: the tools, what they answer, and
 * who reaches what (a share link's key, a visitor token, as bearer tokens; a section hidden by
 * the visitor's claims stays hidden; a missing page and a hidden one answer alike).
 */
describe('the published site over MCP', () => {
  let t: TestApp & { site: SiteClient };
  let server: Awaited<ReturnType<typeof listenSite>>;
  let origin: string;
  beforeAll(async () => {
    t = await createSiteTestApp();
    server = await listenSite(t);
    origin = server.origin;
  });
  afterAll(async () => {
    await server?.close();
    await t.close();
  });

  /** A site of two sections (Guides; Beta, for visitors whose claims say beta) in the given visibility, published. */
  const setup = async (visibility: string) => {
    const org = await createOrganization(t);
    const token = org.members.admin.token;
    const guides = await createSpace(t, token, org.organization.id, { title: 'Guides' });
    const beta = await createSpace(t, token, org.organization.id, { title: 'Beta' });
    await createPage(t, token, guides.id, { title: 'Welcome', markdown: 'Welcome to the guides.' });
    await createPage(t, token, guides.id, { title: 'Install', markdown: 'Run the installer, then restart.' });
    await createPage(t, token, beta.id, { title: 'Preview', markdown: 'The installer of beta features.' });
    const site = await createSite(t, token, org.organization.id, { visibility });
    const api = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    await createSection(t, token, api, guides.id, { title: 'Guides' });
    const betaSection = await createSection(t, token, api, beta.id, { title: 'Beta' });
    await t.http.as(token).put(`${api}/adaptive-schema`, { jsonSchema: SCHEMA });
    await t.http.as(token).patch(`${api}/sections/${betaSection.id}`, { condition: 'visitor.claims.beta == true' });
    expect((await t.http.as(token).post(`${api}/publish`)).status).toBe(200);
    const key = (await t.http.as(token).get(`${api}/publishing/auth`)).body.privateKey as string;
    return { token, api, key, base: `/sites/${org.organization.id}/${site.id}` };
  };

  /** A connected SDK client of the site's endpoint (the site server's host is docs.test). */
  async function connect(base: string, bearer?: string): Promise<Client> {
    const headers: Record<string, string> = { 'X-Forwarded-Host': 'docs.test', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) };
    const transport = new StreamableHTTPClientTransport(new URL(`${origin}${base}/~mcp`), { requestInit: { headers } });
    const client = new Client({ name: 'docs-test', version: '1.0.0' });
    await client.connect(transport);
    return client;
  }
  const text = (result: any) => (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');

  it('lists its tools, searches and reads pages as markdown, by URL or path', async () => {
    const { base } = await setup('public');
    const client = await connect(base);
    try {
      const tools = await client.listTools();
      expect(tools.tools.map((tool) => tool.name).sort()).toEqual(['read_page', 'search']);
      const found = await client.callTool({ name: 'search', arguments: { query: 'installer' } });
      expect(text(found)).toContain('## Install');
      expect(text(found)).toContain(`http://docs.test${base}/install`);
      // The Beta section is not for this visitor: its page is not found.
      expect(text(found)).not.toContain('Preview');
      expect(text(await client.callTool({ name: 'search', arguments: { query: 'zebra' } }))).toContain('No page of');

      for (const url of ['install', `${base}/install`, `http://docs.test${base}/install`, `http://docs.test${base}/install.md`]) {
        const page = await client.callTool({ name: 'read_page', arguments: { url } });
        expect(page.isError).toBeFalsy();
        expect(text(page)).toContain('# Install');
        expect(text(page)).toContain('Run the installer, then restart.');
      }
      // The home is its first page; a hidden section's page and a missing one answer alike.
      expect(text(await client.callTool({ name: 'read_page', arguments: { url: base } }))).toContain('Welcome to the guides.');
      const hidden = await client.callTool({ name: 'read_page', arguments: { url: 'beta/preview' } });
      const missing = await client.callTool({ name: 'read_page', arguments: { url: 'nowhere' } });
      expect([hidden.isError, missing.isError]).toEqual([true, true]);
      expect(text(hidden).replace('beta/preview', 'X')).toBe(text(missing).replace('nowhere', 'X'));
      expect((await client.callTool({ name: 'read_page', arguments: { url: 'https://elsewhere.example/install' } })).isError).toBe(true);
    } finally {
      await client.close();
    }
    // Not a stream endpoint: a GET is refused.
    expect((await t.site.get(`${base}/~mcp`)).status).toBe(405);
  });

  it('needs the key of a share-link site as its bearer token', async () => {
    const { base, api, token } = await setup('share-link');
    await expect(connect(base)).rejects.toThrow(/404/);
    await expect(connect(base, 'not-a-key')).rejects.toThrow(/404/);
    const link = (await t.http.as(token).post(`${api}/share-links`, { name: 'Assistant' })).body;
    const key = new URL(link.urls.published).searchParams.get('share')!;
    const client = await connect(base, key);
    try {
      expect(text(await client.callTool({ name: 'read_page', arguments: { url: 'install' } }))).toContain('Run the installer');
    } finally {
      await client.close();
    }
  });

  it('needs a visitor token on a visitor-auth site, and shows what its claims allow', async () => {
    const { base, key } = await setup('visitor-auth');
    await expect(connect(base)).rejects.toThrow(/needs a visitor token/);
    await expect(connect(base, await signVisitorToken(t, {}, 'another-key-entirely-another-key'))).rejects.toThrow(/needs a visitor token/);
    const plain = await connect(base, await signVisitorToken(t, {}, key));
    try {
      expect((await plain.callTool({ name: 'read_page', arguments: { url: 'beta/preview' } })).isError).toBe(true);
      expect(text(await plain.callTool({ name: 'search', arguments: { query: 'installer' } }))).not.toContain('Preview');
    } finally {
      await plain.close();
    }
    const tester = await connect(base, await signVisitorToken(t, { beta: true }, key));
    try {
      expect(text(await tester.callTool({ name: 'read_page', arguments: { url: 'beta/preview' } }))).toContain('The installer of beta features.');
      expect(text(await tester.callTool({ name: 'search', arguments: { query: 'installer' } }))).toContain('Preview');
    } finally {
      await tester.close();
    }
  });
});
