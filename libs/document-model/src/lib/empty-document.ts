import type { JSONDocument } from '@gitbook/api';

/** The body of a page without content. */
export function emptyDocument(): JSONDocument {
  return { object: 'document', data: {}, nodes: [] };
}
