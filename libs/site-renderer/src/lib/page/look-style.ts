import type { LookFont, SiteLook, ThemedColor } from '../model/site-look';

/** The backgrounds of the stylesheet's themes (site.css `--bg`). */
const BACKGROUND = { light: '#ffffff', dark: '#0d1117' };
/** WCAG AA for text, with a margin for rounding. */
const MIN_CONTRAST = 4.6;
const RADIUS = { straight: '0', rounded: '8px', circular: '18px' };
const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
const MONO = "ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace";

type Rgb = [number, number, number];

function parseColor(color: string): Rgb {
  let hex = color.replace('#', '');
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(parseColor(a)), luminance(parseColor(b))].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

/** `a` moved `share` (0..1) of the way to `b`. */
export function mix(a: string, b: string, share: number): string {
  const [x, y] = [parseColor(a), parseColor(b)];
  return toHex(x.map((c, i) => c + (y[i] - c) * share) as Rgb);
}

/** `color`, darkened (light theme) or lightened (dark theme) just enough to read on every background. */
export function readableOn(color: string, backgrounds: string[], theme: 'light' | 'dark'): string {
  const towards = theme === 'light' ? '#000000' : '#ffffff';
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(color, towards, step / 20);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= MIN_CONTRAST)) return candidate;
  }
  return towards;
}

/** A family name as a CSS string: letters, digits, spaces, `-` and `_` only (it comes from the site's settings). */
const quote = (family: string) => `'${family.replace(/[^A-Za-z0-9 _-]/g, '')}'`;

function fontFaces(font: LookFont | undefined): string {
  if (!font?.faces) return '';
  return font.faces
    .map((face) => {
      const sources = face.sources.map((source) => `url(${JSON.stringify(source.url)})${source.format ? ` format('${source.format}')` : ''}`).join(', ');
      return `@font-face{font-family:${quote(font.family)};font-weight:${face.weight};font-display:swap;src:${sources}}`;
    })
    .join('');
}

function themeVariables(theme: 'light' | 'dark', primary: ThemedColor | undefined, tint: ThemedColor | undefined): string {
  if (!primary && !tint) return '';
  const background = BACKGROUND[theme];
  const base = tint?.[theme] ?? primary?.[theme];
  // The tint stays a wash behind text: a small share of it over the page's background.
  const soft = base ? mix(background, base, theme === 'light' ? 0.14 : 0.22) : undefined;
  const accent = primary ? readableOn(primary[theme], soft ? [background, soft] : [background], theme) : undefined;
  return [accent ? `--accent:${accent};` : '', soft ? `--accent-soft:${soft};` : ''].join('');
}

/**
 * The stylesheet of a site's look, inlined after site.css: its colours (each theme's, made
 * readable), corners and fonts as the variables site.css uses. Empty for a site as it comes.
 */
export function lookStyle(look: SiteLook): string {
  const rules: string[] = [fontFaces(look.font), fontFaces(look.monospaceFont)];
  const root: string[] = [];
  if (look.corners !== 'rounded') root.push(`--radius:${RADIUS[look.corners]};`);
  if (look.font) root.push(`--font:${quote(look.font.family)}, ${SANS};`);
  if (look.monospaceFont) root.push(`--mono:${quote(look.monospaceFont.family)}, ${MONO};`);
  const light = themeVariables('light', look.primaryColor, look.tint);
  const dark = themeVariables('dark', look.primaryColor, look.tint);
  if (root.length > 0 || light) rules.push(`:root{${root.join('')}${light}}`);
  if (dark) rules.push(`:root[data-theme='dark']{${dark}}@media (prefers-color-scheme: dark){:root:not([data-theme='light']){${dark}}}`);
  // Inside <style>: no `<` may close it (font URLs are the site's text); CSS reads the escape as `<`.
  return rules.join('').replace(/</g, '\\3c ');
}
