import { BadRequestException } from '@nestjs/common';
import stableStringify from 'fast-json-stable-stringify';
import type { JSONDocument } from './document-codec';
import { jsonDocumentProblem } from './reference-json-document';

/** The body of a page without content. */
export function emptyDocument(): JSONDocument {
  return { object: 'document', data: {}, nodes: [] };
}

/**
 * The bytes a document is stored as: canonical JSON (keys sorted), so that equal documents share
 * one blob. An empty document is stored as no blob at all (null).
 */
export function documentBytes(document: JSONDocument): Buffer | null {
  if (document.nodes.length === 0 && Object.keys(document.data ?? {}).length === 0) return null;
  return Buffer.from(stableStringify(document), 'utf8');
}

export function parseDocumentBytes(bytes: Buffer): JSONDocument {
  return JSON.parse(bytes.toString('utf8')) as JSONDocument;
}

/**
 * A `document` sent by a client, held to the reference's JSONDocument schema (every block, inline
 * and mark with the fields its type has there: a math block needs `data.formula`, a divider's
 * `data` is empty, `data.schemaVersion` is an integer): a 400 naming the field under `field`
 * otherwise, before anything is stored (docs/api-decisions.md, "Page bodies").
 */
export function requireJsonDocument(value: unknown, field: string): JSONDocument {
  const problem = jsonDocumentProblem(value, field);
  if (problem) throw new BadRequestException(problem);
  // Its three members; others the reference leaves open but gives no meaning are not kept.
  const { data, nodes } = value as JSONDocument;
  return { object: 'document', data, nodes };
}
