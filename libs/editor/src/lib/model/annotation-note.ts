import { plainText } from '@docs/document-model';
import type { DocNode } from './doc-node';

/** A note's blocks (the annotation's fragments hold them). */
export const blocksOf = (note: DocNode[] | null | undefined): DocNode[] => (note ?? []).flatMap((fragment) => fragment.nodes ?? []);

/** A note's text, for a tooltip: its blocks' text, one space between blocks. */
export function noteText(note: DocNode[] | null | undefined): string {
  return blocksOf(note)
    .map((block) => plainText(block))
    .filter((text) => text !== '')
    .join(' ');
}
