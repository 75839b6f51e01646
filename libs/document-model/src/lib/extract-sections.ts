import type { JSONDocument } from '@gitbook/api';
import { DocNode } from './document-nodes';
import { dataTexts, holdsInlines, plainText } from './document-text';
import { outline } from './document-outline';

/** A part of a page for search: the text under one heading, or before the first one. */
export interface DocumentSection {
  /** The heading's anchor (`path#anchor`); null for the text before the first heading. */
  anchor: string | null;
  /** The heading's text; '' for the text before the first heading. */
  title: string;
  /** 1 to 3 for a heading; 0 for the text before the first heading. */
  level: number;
  /** The readable text of the section, one line per text block. */
  body: string;
}

/**
 * The document split at its headings (at any depth: a heading inside a tab or a hint starts a
 * section too). The text before the first heading is a section of its own when there is some.
 */
export function extractSections(document: JSONDocument): DocumentSection[] {
  const sections: DocumentSection[] = [];
  let current: DocumentSection & { lines: string[] } = { anchor: null, title: '', level: 0, body: '', lines: [] };
  const close = () => {
    const body = current.lines.join('\n');
    if (current.level > 0 || body.trim() !== '') sections.push({ anchor: current.anchor, title: current.title, level: current.level, body });
  };
  outline(document as unknown as DocNode, ({ node, anchor }) => {
    if (node.object !== 'block') return;
    if (node.type?.startsWith('heading-')) {
      close();
      current = { anchor: anchor!, title: plainText(node).trim(), level: Number(node.type.slice(-1)), body: '', lines: [] };
      return;
    }
    // Text blocks give their text; containers are reached through their children.
    current.lines.push(...dataTexts(node));
    if (holdsInlines(node)) {
      const text = plainText(node);
      if (text.trim() !== '') current.lines.push(text);
    }
  });
  close();
  return sections;
}
