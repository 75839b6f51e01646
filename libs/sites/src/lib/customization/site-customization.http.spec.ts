import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';
import { DEFAULT_SITE_CUSTOMIZATION } from './default-customization';

/** A whole customization as a user of the reference would write it (not produced by our code). */
const BRANDED = {
  title: 'Acme Handbook',
  styling: {
    theme: 'bold',
    primaryColor: { light: '#ff6600', dark: '#ffaa55' },
    tint: { color: { light: '#ffe0cc', dark: '#331100' } },
    infoColor: { light: '#787878', dark: '#787878' },
    successColor: { light: '#00C950', dark: '#00C950' },
    warningColor: { light: '#FE9A00', dark: '#FE9A00' },
    dangerColor: { light: '#FB2C36', dark: '#FB2C36' },
    corners: 'straight',
    depth: 'flat',
    links: 'accent',
    font: 'Lato',
    monospaceFont: 'FiraCode',
    background: 'plain',
    icons: 'regular',
    sidebar: { background: 'filled', list: 'pill' },
    search: 'subtle',
  },
  internationalization: { locale: 'en' },
  favicon: { icon: { light: 'https://cdn.example.com/icon.png', dark: 'https://cdn.example.com/icon-dark.png' } },
  header: {
    preset: 'default',
    logo: { light: 'https://cdn.example.com/logo.svg', dark: 'https://cdn.example.com/logo-dark.svg' },
    links: [
      { title: 'Status', to: { kind: 'url', url: 'https://status.example.com' }, links: [] },
      { title: 'Sign up', style: 'button-primary', to: { kind: 'url', url: 'https://example.com/signup' }, links: [] },
    ],
  },
  footer: { groups: [{ title: 'Company', links: [{ title: 'About', to: { kind: 'url', url: 'https://example.com/about' } }] }], copyright: '© Acme 2026' },
  themes: { default: 'dark', toggeable: false },
  pdf: { enabled: false },
  feedback: { enabled: true },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: false },
  trademark: { enabled: false },
  externalLinks: { target: 'blank' },
  pagination: { enabled: true },
  pageActions: { externalAI: false, markdown: false, mcp: false },
  git: { showEditLink: false },
  privacyPolicy: { url: 'https://example.com/privacy' },
  socialPreview: {},
  insights: { trackingCookie: false },
};

describe('site customization (getSiteCustomizationById, updateSiteCustomizationById, site space overrides)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  const setup = async () => {
    const org = await createOrganization(t, { editor: 'edit', viewer: 'read' });
    const token = org.members.admin.token;
    const { site } = await createSiteWithSpaces(t, token, org.organization.id, 2);
    const base = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    const siteSpaces = (await t.http.as(token).get(`${base}/site-spaces`)).body.items as { id: string }[];
    return { ...org, token, base, siteSpaces };
  };

  it('answers the defaults until set, then what was set, whole', async () => {
    const { token, base, members } = await setup();
    const before = await t.http.as(members.editor.token).get(`${base}/customization`, { query: { unmasked: true } });
    expect(before.status).toBe(200);
    expect(before.body).toEqual(DEFAULT_SITE_CUSTOMIZATION);
    const put = await t.http.as(token).put(`${base}/customization`, BRANDED);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(BRANDED);
    expect((await t.http.as(members.editor.token).get(`${base}/customization`)).body).toEqual(BRANDED);
  });

  it.each([
    [{ ...BRANDED, styling: { ...BRANDED.styling, primaryColor: { light: 'orange', dark: '#fff' } } }, 'styling.primaryColor.light must match pattern'],
    [{ ...BRANDED, styling: { ...BRANDED.styling, corners: 'bevelled' } }, 'styling.corners must be equal to one of the allowed values'],
    [{ ...BRANDED, header: { ...BRANDED.header, logo: { light: 'javascript:alert(1)', dark: 'https://x.example/a.png' } } }, 'header.logo.light must match format "uri"'],
    [{ ...BRANDED, favicon: { icon: BRANDED.favicon.icon, emoji: '🎉' } }, 'favicon'],
    [{ ...BRANDED, footer: { ...BRANDED.footer, copyright: 'x'.repeat(301) } }, 'footer.copyright must NOT have more than 300 characters'],
    [{ ...BRANDED, colour: 'red' }, 'has no field colour'],
    [(({ themes: _themes, ...rest }) => rest)(BRANDED), "must have required property 'themes'"],
    [{ ...BRANDED, title: 'A' }, 'title must NOT have fewer than 2 characters'],
  ])('refuses a customization that is not the reference\'s with 400 naming the field, and stores nothing (%#)', async (body, message) => {
    const { token, base } = await setup();
    const res = await t.http.as(token).put(`${base}/customization`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect((await t.http.as(token).get(`${base}/customization`)).body).toEqual(DEFAULT_SITE_CUSTOMIZATION);
  });

  it('refuses a body that is no object', async () => {
    const { token, base } = await setup();
    expect((await t.http.as(token).put(`${base}/customization`, undefined, { raw: '[1]' })).status).toBe(400);
    expect((await t.http.as(token).put(`${base}/customization`, undefined, { raw: 'null' })).status).toBe(400);
  });

  it('overrides a site space field by field, null resets one, DELETE resets all', async () => {
    const { token, base, siteSpaces, members } = await setup();
    await t.http.as(token).put(`${base}/customization`, BRANDED);
    const [first, second] = siteSpaces;
    const path = `${base}/site-spaces/${first.id}/customization`;
    expect((await t.http.as(members.viewer.token).get(path)).body).toEqual(BRANDED);

    const patched = await t.http.as(token).patch(path, { title: 'Acme v2', styling: { primaryColor: { light: '#0000ff', dark: '#8888ff' }, sidebar: { list: 'line' } }, feedback: { enabled: false } });
    expect(patched.status).toBe(200);
    expect(patched.body.title).toBe('Acme v2');
    expect(patched.body.styling).toEqual({ ...BRANDED.styling, primaryColor: { light: '#0000ff', dark: '#8888ff' }, sidebar: { background: 'filled', list: 'line' } });
    expect(patched.body.feedback).toEqual({ enabled: false });
    expect((await t.http.as(token).get(path)).body).toEqual(patched.body);
    // The other site space still shows the site's.
    expect((await t.http.as(token).get(`${base}/site-spaces/${second.id}/customization`)).body).toEqual(BRANDED);

    const reset = await t.http.as(token).patch(path, { title: null, styling: { primaryColor: null } });
    expect(reset.body.title).toBe(BRANDED.title);
    expect(reset.body.styling.primaryColor).toEqual(BRANDED.styling.primaryColor);
    expect(reset.body.styling.sidebar.list).toBe('line');

    // A new site customization shows under the overrides still set.
    await t.http.as(token).put(`${base}/customization`, { ...BRANDED, footer: { groups: [] } });
    expect((await t.http.as(token).get(path)).body).toMatchObject({ footer: { groups: [] }, feedback: { enabled: false } });

    const published = await t.http.as(token).post(`${base}/publish`);
    expect(published.status).toBe(200);
    const audience = (await t.http.as(members.viewer.token).get(`${base}/published`)).body.customizations;
    expect(audience.site.footer).toEqual({ groups: [] });
    expect(Object.keys(audience.siteSpaces)).toEqual([first.id]);
    expect(audience.siteSpaces[first.id].feedback).toEqual({ enabled: false });

    expect((await t.http.as(token).delete(path)).status).toBe(205);
    expect((await t.http.as(token).get(path)).body).toEqual({ ...BRANDED, footer: { groups: [] } });
    expect((await t.http.as(token).delete(path)).status).toBe(205);
  });

  it('refuses overrides the reference does not allow, and stores nothing', async () => {
    const { token, base, siteSpaces } = await setup();
    const path = `${base}/site-spaces/${siteSpaces[0].id}/customization`;
    for (const [body, message] of [
      [{ styling: { corners: 'bevelled' } }, 'styling.corners'],
      [{ styling: { colour: 'red' } }, 'has no field colour'],
      [{ footer: { copyright: 7 } }, 'footer.copyright must be string'],
      [{ pdf: {} }, "must have required property 'enabled'"],
    ] as const) {
      const res = await t.http.as(token).patch(path, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    expect((await t.http.as(token).get(path)).body).toEqual(DEFAULT_SITE_CUSTOMIZATION);
  });

  it('answers 404 for a site space of another site or none', async () => {
    const { token, base, organization } = await setup();
    const other = await createSiteWithSpaces(t, token, organization.id, 1);
    const otherSiteSpace = (await t.http.as(token).get(`/v1/orgs/${organization.id}/sites/${other.site.id}/site-spaces`)).body.items[0].id;
    for (const id of [otherSiteSpace, 'nope']) {
      expect((await t.http.as(token).get(`${base}/site-spaces/${id}/customization`)).status).toBe(404);
      expect((await t.http.as(token).patch(`${base}/site-spaces/${id}/customization`, { title: 'Another' })).status).toBe(404);
      expect((await t.http.as(token).delete(`${base}/site-spaces/${id}/customization`)).status).toBe(404);
    }
  });
});
