/**
 * The PDF uses the 14 standard fonts (no font files to ship or embed), whose encoding is
 * WinAnsi: Latin-1 plus a few typographic characters. pdfkit writes any other character as
 * unrelated glyphs, so those are replaced with `?` instead of printing something wrong.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\t') out += '    ';
    else if (char === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char)) out += char;
    else if (code === 0x2010 || code === 0x2011 || code === 0x2212) out += '-';
    else if (code === 0x200b || code === 0xfeff || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f)) continue;
    else if (code < 0x20) out += ' ';
    else out += '?';
  }
  return out;
}

/** A link target a PDF viewer can open: absolute web and mail URLs only. */
export function externalUrl(url: string): string | undefined {
  return /^(https?:\/\/|mailto:)/i.test(url) ? url : undefined;
}
