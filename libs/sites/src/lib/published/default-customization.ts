/**
 * The customization every published site reports: sites are not customizable yet in this
 * installation, so these are the reference's defaults (clean theme, light, English...), with what
 * the site server does for every site: it asks for page feedback and offers the page as markdown
 * and its MCP endpoint among the page actions.
 */
export const DEFAULT_SITE_CUSTOMIZATION = Object.freeze({
  styling: {
    theme: 'clean',
    primaryColor: { light: '#346DDB', dark: '#346DDB' },
    infoColor: { light: '#787878', dark: '#787878' },
    successColor: { light: '#00C950', dark: '#00C950' },
    warningColor: { light: '#FE9A00', dark: '#FE9A00' },
    dangerColor: { light: '#FB2C36', dark: '#FB2C36' },
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    background: 'plain',
    icons: 'regular',
    sidebar: { background: 'default', list: 'default' },
    search: 'prominent',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'light', toggeable: true },
  pdf: { enabled: true },
  feedback: { enabled: true },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: false },
  trademark: { enabled: true },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  pageActions: { externalAI: false, markdown: true, mcp: true },
  git: { showEditLink: false },
  privacyPolicy: {},
  socialPreview: {},
  insights: { trackingCookie: false },
});
