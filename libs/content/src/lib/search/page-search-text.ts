import { extractAnchors, extractSections, JSONDocument } from '@docs/document-model';
import type { StoredSection } from './page-search.entity';

/** A section's text kept for excerpts: enough for any excerpt, bounded per page. */
export const SECTION_BODY_LIMIT = 1000;

/**
 * The text weighed into a page's tsvector, bounded well under PostgreSQL's 1 MB tsvector limit
 * (a page longer than this is searched on its first half-million characters).
 */
export const INDEXED_TEXT_LIMIT = 500_000;

/** What search keeps of one page: its sections for excerpts, and its text by weight. */
export interface PageSearchText {
  sections: StoredSection[];
  anchors: string[];
  /** Headings, weighed B. */
  headings: string;
  /** The description and every section's text, weighed C. */
  body: string;
  /** Each section's full text (title and body), for its own tsvector. */
  sectionTexts: string[];
}

export function pageSearchText(page: { description: string | null }, document: JSONDocument): PageSearchText {
  const sections = extractSections(document);
  const headings = sections.filter((section) => section.level > 0).map((section) => section.title);
  const body = [page.description ?? '', ...sections.map((section) => section.body)].filter((text) => text !== '').join('\n');
  return {
    sections: sections.map((section) => ({ anchor: section.anchor, title: section.title, body: section.body.slice(0, SECTION_BODY_LIMIT) })),
    anchors: extractAnchors(document),
    headings: headings.join('\n').slice(0, INDEXED_TEXT_LIMIT),
    body: body.slice(0, INDEXED_TEXT_LIMIT),
    sectionTexts: sections.map((section) => `${section.title}\n${section.body}`.slice(0, INDEXED_TEXT_LIMIT)),
  };
}
