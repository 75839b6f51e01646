import { createJavaScriptRegexEngine } from '@shikijs/engine-javascript';
import { codeToTokensWithThemes, createShikiPrimitive } from '@shikijs/primitive';
import type { LanguageRegistration, ShikiPrimitive, ThemeRegistrationAny } from '@shikijs/types';

/**
 * Syntax highlighting on the server with Shiki (its primitive: the TextMate tokenizer with the
 * JavaScript regex engine, no WebAssembly, fully synchronous). Tokens get short class names, one
 * per (light colour, dark colour, font style) seen, so a page carries a few CSS rules instead of
 * a style attribute per token; `css` writes the rules of the classes a page used.
 *
 * Shiki ships ES modules only: Node 20's `require()` loads them (and Jest compiles them, see
 * tools/jest/site-jest-config.js). Languages are loaded on first use, one `require` each.
 */

export const CODE_THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;

/** The languages most documentation pages show, loaded by servers when they start. */
export const COMMON_LANGUAGES = ['javascript', 'typescript', 'json', 'shellscript', 'python', 'yaml'] as const;

/** Longest code highlighted; longer blocks stay plain (tokenizing is linear, but not free). */
export const MAX_HIGHLIGHTED_CHARS = 100_000;

export interface CodeToken {
  text: string;
  /** Class of its colours; absent for the default colour. */
  cls?: string;
}

interface LanguageInfo {
  id: string;
  aliases?: string[];
}

// `shiki/langs` lists every bundled language with its aliases (the grammars load on demand below).
const { bundledLanguagesInfo } = require('shiki/langs') as { bundledLanguagesInfo: LanguageInfo[] };

const byAlias = new Map<string, LanguageInfo>();
for (const info of bundledLanguagesInfo) {
  byAlias.set(info.id, info);
  for (const alias of info.aliases ?? []) byAlias.set(alias, info);
}
// Common names Shiki does not list as aliases.
for (const [alias, id] of [['sh', 'shellscript'], ['shell', 'shellscript'], ['console', 'shellscript'], ['text', ''], ['plaintext', ''], ['txt', '']] as const) {
  const info = byAlias.get(id);
  if (info && !byAlias.has(alias)) byAlias.set(alias, info);
}

interface TokenStyle {
  light: string;
  dark: string;
  fontStyle: number;
}

export class CodeHighlighter {
  private readonly primitive: ShikiPrimitive;
  private readonly loaded = new Set<string>();
  private readonly failed = new Set<string>();
  private warmed = false;
  private readonly classes = new Map<string, string>();
  private readonly styles = new Map<string, TokenStyle>();
  private readonly defaults: { light: string; dark: string };

  constructor() {
    const light = loadTheme(CODE_THEMES.light);
    const dark = loadTheme(CODE_THEMES.dark);
    this.primitive = createShikiPrimitive({ themes: [light, dark], langs: [], engine: createJavaScriptRegexEngine() });
    this.defaults = { light: normalizeColor(this.primitive.getTheme(CODE_THEMES.light).fg), dark: normalizeColor(this.primitive.getTheme(CODE_THEMES.dark).fg) };
  }

  /** The Shiki language id a block's `syntax` names, or undefined when Shiki has none (plain text). */
  languageOf(syntax: string | undefined): string | undefined {
    if (!syntax) return undefined;
    const info = byAlias.get(syntax.trim().toLowerCase());
    return info ? info.id : undefined;
  }

  /** The lines of `code` as tokens; undefined when the language is unknown or the code too long (render it plain). */
  highlight(code: string, syntax: string | undefined): CodeToken[][] | undefined {
    const lang = this.languageOf(syntax);
    if (!lang || code.length > MAX_HIGHLIGHTED_CHARS || !this.ensureLanguage(lang)) return undefined;
    const lines = codeToTokensWithThemes(this.primitive, code, { lang, themes: { light: CODE_THEMES.light, dark: CODE_THEMES.dark } });
    return lines.map((line) => {
      const out: CodeToken[] = [];
      for (const token of line) {
        const cls = this.classOf(token.variants.light?.color, token.variants.dark?.color, token.variants.light?.fontStyle ?? 0);
        const last = out[out.length - 1];
        if (last && last.cls === cls) last.text += token.content;
        else out.push(cls ? { text: token.content, cls } : { text: token.content });
      }
      return out;
    });
  }

  /** The colours of text without a class (the themes' foreground). */
  get foreground(): { light: string; dark: string } {
    return this.defaults;
  }

  /**
   * Loads and exercises these languages now (a grammar's first use compiles its expressions, up
   * to a second for the largest): a server calls it before it listens, so its first readers do
   * not pay for it.
   */
  preload(syntaxes: readonly string[]): void {
    for (const syntax of syntaxes) this.highlight('x = 1 // "x"\n', syntax);
  }

  /** CSS rules of the given token classes: each sets the light and dark colours as variables the stylesheet picks from. */
  css(classes: Iterable<string>): string {
    let out = '';
    for (const cls of [...new Set(classes)].sort()) {
      const style = this.styles.get(cls);
      if (!style) continue;
      out += `.${cls}{--l:${style.light};--d:${style.dark}${style.fontStyle & 1 ? ';font-style:italic' : ''}${style.fontStyle & 2 ? ';font-weight:600' : ''}${style.fontStyle & 4 ? ';text-decoration:underline' : ''}}`;
    }
    return out;
  }

  private classOf(light: string | undefined, dark: string | undefined, fontStyle: number): string | undefined {
    const l = normalizeColor(light ?? this.defaults.light);
    const d = normalizeColor(dark ?? this.defaults.dark);
    const style = fontStyle > 0 ? fontStyle : 0;
    if (l === this.defaults.light && d === this.defaults.dark && style === 0) return undefined;
    const key = `${l}|${d}|${style}`;
    let cls = this.classes.get(key);
    if (!cls) {
      cls = `k${this.classes.size.toString(36)}`;
      this.classes.set(key, cls);
      this.styles.set(cls, { light: l, dark: d, fontStyle: style });
    }
    return cls;
  }

  private ensureLanguage(id: string): boolean {
    if (this.loaded.has(id)) return true;
    if (this.failed.has(id)) return false;
    try {
      const registrations = require(`@shikijs/langs/${id}`).default as LanguageRegistration[];
      this.primitive.loadLanguageSync(registrations);
      for (const registration of registrations) this.loaded.add(registration.name);
      this.loaded.add(id);
      if (!this.warmed) {
        // Shiki compiled to CommonJS (under Jest) answers its very first tokenization with one
        // token for the whole line; a throwaway line first keeps tests and servers alike.
        codeToTokensWithThemes(this.primitive, 'x', { lang: id, themes: { light: CODE_THEMES.light, dark: CODE_THEMES.dark } });
        this.warmed = true;
      }
      return true;
    } catch {
      this.failed.add(id);
      return false;
    }
  }
}

function loadTheme(name: string): ThemeRegistrationAny {
  return require(`@shikijs/themes/${name}`).default as ThemeRegistrationAny;
}

function normalizeColor(color: string): string {
  return color.toLowerCase();
}

let shared: CodeHighlighter | undefined;

/** The process's highlighter (themes loaded once, languages as pages use them). */
export function codeHighlighter(): CodeHighlighter {
  shared ??= new CodeHighlighter();
  return shared;
}
