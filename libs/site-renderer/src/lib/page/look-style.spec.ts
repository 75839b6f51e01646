import type { SiteLook } from '../model/site-look';
import { contrastRatio, lookStyle, mix, readableOn } from './look-style';

const look = (overrides: Partial<SiteLook> = {}): SiteLook => ({
  corners: 'rounded',
  headerLinks: [],
  footer: { groups: [] },
  pageActions: { markdown: true, mcp: true },
  feedback: true,
  pagination: true,
  theme: { default: 'light', toggleable: true },
  ...overrides,
});

describe('lookStyle', () => {
  it('is empty for a site as it comes', () => {
    expect(lookStyle(look())).toBe('');
  });

  it('computes contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#abc', '#abc', 0.3)).toBe('#aabbcc');
  });

  it('keeps a readable colour as it is, and darkens (light) or lightens (dark) one that is not, just enough', () => {
    expect(readableOn('#0b5cad', ['#ffffff'], 'light')).toBe('#0b5cad');
    const yellow = readableOn('#ffdd00', ['#ffffff'], 'light');
    expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffdd00', '#ffffff')).toBeLessThan(4.5);
    const brown = readableOn('#221100', ['#0d1117', '#2a1a10'], 'dark');
    expect(contrastRatio(brown, '#0d1117')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(brown, '#2a1a10')).toBeGreaterThanOrEqual(4.5);
  });

  it('writes each theme\'s accent readable on the page and on the tint, corners and fonts', () => {
    const css = lookStyle(look({ primaryColor: { light: '#ffdd00', dark: '#221100' }, tint: { light: '#ff6600', dark: '#ff6600' }, corners: 'straight', font: { family: 'Open Sans' }, monospaceFont: { family: "Fira'Code</style>" } }));
    const light = /:root\{--radius:0;--font:'Open Sans', [^;]+;--mono:'FiraCodestyle', [^;]+;--accent:(#[0-9a-f]{6});--accent-soft:(#[0-9a-f]{6});\}/.exec(css)!;
    expect(light).not.toBeNull();
    expect(contrastRatio(light[1], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(light[1], light[2])).toBeGreaterThanOrEqual(4.5);
    const dark = /:root\[data-theme='dark'\]\{--accent:(#[0-9a-f]{6});--accent-soft:(#[0-9a-f]{6});\}/.exec(css)!;
    expect(contrastRatio(dark[1], '#0d1117')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dark[1], dark[2])).toBeGreaterThanOrEqual(4.5);
    expect(css).toContain("@media (prefers-color-scheme: dark){:root:not([data-theme='light']){");
  });

  it('declares a served font face, and no `<` can close the style element', () => {
    const css = lookStyle(look({ font: { family: 'Brand', faces: [{ weight: 700, sources: [{ url: 'https://cdn.example.com/b.woff2?a=</style>', format: 'woff2' }, { url: 'https://cdn.example.com/b.woff' }] }] } }));
    expect(css).toContain(`@font-face{font-family:'Brand';font-weight:700;font-display:swap;src:url("https://cdn.example.com/b.woff2?a=\\3c /style>") format('woff2'), url("https://cdn.example.com/b.woff")}`);
    expect(css).not.toContain('<');
  });
});
