import type { ContentRef } from '../model/content-ref';
import type { PageHeading } from '../model/page-headings';
import type { FileChoice, MemberChoice, PageChoice } from './editor-services';

/** One option of a picker: what it shows and the reference it makes. */
export interface RefChoice {
  /** The group it is listed under ("Pages", "Headings of this page", "Files", "People"). */
  group: string;
  label: string;
  /** What tells it apart (a page's path, `#anchor`, an email). */
  detail?: string;
  ref: ContentRef;
}

/** What a picker may list. */
export interface ChoiceSources {
  pages?: PageChoice[];
  headings?: PageHeading[];
  files?: FileChoice[];
  members?: MemberChoice[];
}

/** At most this many options of each group: a space of a thousand pages lists the best few. */
export const CHOICES_PER_GROUP = 20;

/** Lower case, accents dropped: "Café" is found by "cafe". */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();

/**
 * The options whose label or detail holds every word typed (in any order, accents and case
 * aside), grouped people, pages, headings of this page, files; in each group those whose label
 * starts with what was typed first. A leading `#` or `@` is the kind of thing sought, not a word.
 */
export function refChoices(sources: ChoiceSources, query: string): RefChoice[] {
  const words = fold(query.replace(/^[#@]/, '')).split(/\s+/).filter(Boolean);
  const all: RefChoice[][] = [
    (sources.members ?? []).map((member) => ({ group: 'People', label: member.name, detail: member.email, ref: { kind: 'user', user: member.id } })),
    (sources.pages ?? []).map((page) => ({ group: 'Pages', label: page.title, detail: page.path, ref: { kind: 'page', page: page.id } })),
    (sources.headings ?? []).map((heading) => ({ group: 'Headings of this page', label: heading.title, detail: `#${heading.anchor}`, ref: { kind: 'anchor', anchor: heading.anchor } })),
    (sources.files ?? []).map((file) => ({ group: 'Files', label: file.name, ref: { kind: 'file', file: file.id } })),
  ];
  const out: RefChoice[] = [];
  for (const group of all) {
    const found = group
      .map((choice) => ({ choice, label: fold(choice.label), text: fold(`${choice.label} ${choice.detail ?? ''}`) }))
      .filter(({ text }) => words.every((word) => text.includes(word)))
      .map(({ choice, label }, index) => ({ choice, index, first: words.length > 0 && label.startsWith(words.join(' ')) ? 0 : 1 }))
      .sort((a, b) => a.first - b.first || a.index - b.index)
      .slice(0, CHOICES_PER_GROUP);
    out.push(...found.map(({ choice }) => choice));
  }
  return out;
}
