import emojiData from 'emojibase-data/en/data.json';

/**
 * The emoji a reaction may be: every emoji of Unicode's list as emojibase-data (the data set of
 * the Emojibase project, kept in step with each Unicode Emoji release) ships it, skin tones
 * included; never a list of our own. Components (skin-tone swatches, hair styles, lone regional
 * indicators) are not emoji on their own and are refused.
 *
 * One reaction has one spelling: input is matched without variation selectors (U+FE0E, U+FE0F),
 * so "❤" and "❤️" are the same reaction, and stored in Unicode's fully-qualified form: the
 * emoji-presentation selector only where the character defaults to text ("❤️", "©️"), none where
 * it defaults to emoji ("👍"; emojibase's `emoji` field adds one there, its `hexcode` does not).
 */
const COMPONENT_GROUP = 2;
const TEXT_PRESENTATION = 0;
const VARIATION_SELECTORS = /[\uFE0E\uFE0F]/g;

interface EmojiEntry {
  hexcode: string;
  emoji: string;
  type: number;
  group?: number;
  skins?: EmojiEntry[];
}

function fullyQualified(entry: EmojiEntry): string {
  if (entry.type === TEXT_PRESENTATION) return entry.emoji;
  return String.fromCodePoint(...entry.hexcode.split('-').map((hex) => parseInt(hex, 16)));
}

const keyOf = (text: string) => text.replace(VARIATION_SELECTORS, '');

let catalogue: Map<string, string> | undefined;

function emojiCatalogue(): Map<string, string> {
  if (catalogue) return catalogue;
  catalogue = new Map();
  for (const entry of emojiData as unknown as EmojiEntry[]) {
    if (entry.group === undefined || entry.group === COMPONENT_GROUP) continue;
    for (const variant of [entry, ...(entry.skins ?? [])]) {
      const canonical = fullyQualified(variant);
      catalogue.set(keyOf(canonical), canonical);
    }
  }
  return catalogue;
}

/** The reaction's canonical spelling, or undefined when `text` is not one emoji of the list. */
export function canonicalEmoji(text: string): string | undefined {
  if (text.length === 0 || text.length > MAX_EMOJI_LENGTH) return undefined;
  return emojiCatalogue().get(keyOf(text));
}

/** Every emoji a reaction may be, canonical (tests; 3,900-odd). */
export function reactionEmojis(): string[] {
  return [...emojiCatalogue().values()];
}

/** No emoji of the list is longer (in UTF-16 units); longer input is refused before any lookup. */
export const MAX_EMOJI_LENGTH = 32;
