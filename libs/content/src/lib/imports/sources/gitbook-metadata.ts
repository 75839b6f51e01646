import { BadRequestException } from '@nestjs/common';
import { posix } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { VARS_FILE } from '../../exports/export-layout';
import { slugFromTitle } from '../../pages/page-slugs';
import type { Variables } from '../../reusable-contents/reusable-content-entry';
import { requireVariables } from '../../variables/variable-rules';

/**
 * What GitBook's Git Sync layout says about pages besides their bodies, as GitBook writes it: an
 * emoji before a title (`# 🚀 Getting started`, `* [🚀 Getting started](...)`), front matter
 * (`description`, `hidden`, `noIndex`, the page's `vars`), the space's `.gitbook/vars.yaml`, a
 * group's slug as an anchor after its `SUMMARY.md` heading, a page's slug as its file's name. The
 * zip importer reads it (so zip and Git imports agree); the exporter writes it back.
 */

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?/;
const LEADING_EMOJI = /^((?:\p{Extended_Pictographic}|\p{Regional_Indicator}{2})(?:\uFE0F|\u20E3|\p{Emoji_Modifier}|\u200D(?:\p{Extended_Pictographic}|\p{Regional_Indicator}))*)\s+(\S[\s\S]*)$/u;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const GROUP_ANCHOR = /^(.*?)\s*<a href="#([^"]*)" id="[^"]*"><\/a>\s*$/;

/** GitBook writes a page's emoji before its title: `🚀 Getting started` -> [🚀, Getting started]. */
export function splitEmoji(title: string): [string | null, string] {
  const match = LEADING_EMOJI.exec(title.trim());
  return match ? [match[1], match[2].trim()] : [null, title.trim()];
}

/** A file's YAML front matter as a map (nothing when it has none, or it is not a YAML map). */
export function readFrontMatter(text: string): Record<string, unknown> {
  const match = FRONT_MATTER.exec(text);
  if (!match || match[1].trim() === '') return {};
  try {
    const data = parseYaml(match[1]) as unknown;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The page fields front matter gives: `hidden`, `noIndex` and the page's `vars` (checked as the API checks them; 400 naming the file). */
export function frontMatterFields(front: Record<string, unknown>, file: string): { hidden?: true; noIndex?: true; variables?: Variables } {
  const vars = front['vars'];
  return {
    ...(front['hidden'] === true ? { hidden: true } : {}),
    ...(front['noIndex'] === true ? { noIndex: true } : {}),
    ...(vars && typeof vars === 'object' && !Array.isArray(vars) ? { variables: requireVariables(vars as Record<string, unknown>, `${file} front matter vars`) } : {}),
  };
}

/** `.gitbook/vars.yaml`: a map of names to strings, numbers or booleans (checked as the API checks them). */
export function readVariables(text: string): Variables {
  if (text.trim() === '') return {};
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new BadRequestException(`${VARS_FILE} is not valid YAML: ${(error as Error).message}`);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new BadRequestException(`${VARS_FILE} must map variable names to values.`);
  return requireVariables(data as Record<string, unknown>, VARS_FILE);
}

/** A `SUMMARY.md` group heading: its title, and the slug GitBook writes as an anchor when it is not the title's. */
export function groupHeading(heading: string): { title: string; slug?: string } {
  const anchored = GROUP_ANCHOR.exec(heading);
  if (!anchored) return { title: heading };
  return { title: anchored[1], ...(SLUG.test(anchored[2]) ? { slug: anchored[2] } : {}) };
}

/** The slug a page's file gives (`README.md` gives its folder's name): kept when it is a slug, else made one. */
export function slugOfPath(path: string, title: string): string {
  const name = /^readme\.md$/i.test(posix.basename(path)) ? posix.basename(posix.dirname(path)) : posix.basename(path).replace(/\.(md|markdown|html?)$/i, '');
  if (name && name !== '.' && SLUG.test(name)) return name;
  return slugFromTitle(name && name !== '.' ? name : title);
}
