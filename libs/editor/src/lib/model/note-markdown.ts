import { documentToMarkdown, markdownToDocument, plainText } from '@docs/document-model';
import type { JSONDocument } from '@docs/document-model';
import { assembleFields } from '../convert/assemble-fields';
import { blocksOf } from './annotation-note';
import type { DocNode } from './doc-node';
import { withoutKeys } from './without-keys';

/*
 * A note as markdown and back, through the document model's writer and reader (markdown-it, the
 * HTML parser, their entity tables): imported dynamically when the annotation form opens, so a
 * bundle keeps them out of the editor's code.
 */

/** What a note may hold (the reference's annotation body: the essentials and code). */
const NOTE_BLOCKS = new Set(['paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-ordered', 'list-unordered', 'list-tasks', 'divider', 'code']);

/** A note as markdown, the way the document model writes blocks (what the note's field shows). */
export function noteToMarkdown(note: DocNode[] | null | undefined): string {
  return documentToMarkdown({ object: 'document', data: {}, nodes: blocksOf(note) } as unknown as JSONDocument).trimEnd();
}

/**
 * Markdown written in the note's field as the annotation's fragments, read by the document model
 * (as imports read markdown). Blocks a note cannot hold (a hint, a table, an image) become a
 * paragraph of their text. Empty markdown is no note (an annotation needs one). The fragment keeps
 * the fields it was read with.
 */
export function noteFromMarkdown(markdown: string, before: DocNode[] | null | undefined): DocNode[] | undefined {
  if (markdown.trim() === '') return undefined;
  const read = withoutKeys(markdownToDocument(markdown) as unknown as DocNode).nodes ?? [];
  const nodes = read.flatMap((block): DocNode[] => {
    if (NOTE_BLOCKS.has(block.type ?? '')) return [block];
    const text = plainText(block);
    return text ? [{ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }] : [];
  });
  if (nodes.length === 0) return undefined;
  const first = before?.[0];
  return [assembleFields(first, { object: 'fragment', type: 'annotation-body', fragment: 'annotation-body', nodes })];
}
