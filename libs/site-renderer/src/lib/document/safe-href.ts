/**
 * Only URLs a reader can follow safely become links: http(s), mail and phone links, paths and
 * anchors. `javascript:`, `data:` and other schemes a document may carry render as text.
 */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  const trimmed = href.trim();
  // Control characters and whitespace inside a scheme are how filters get fooled: refuse them.
  for (let i = 0; i < trimmed.length; i++) {
    const code = trimmed.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return undefined;
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(trimmed);
  if (!scheme) return trimmed;
  return ['http', 'https', 'mailto', 'tel'].includes(scheme[1].toLowerCase()) ? trimmed : undefined;
}
