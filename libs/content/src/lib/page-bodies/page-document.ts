import { BadRequestException } from '@nestjs/common';
import { type JSONDocument, JsonDocumentValidator } from '@docs/document-model';
import { referenceComponents } from '@docs/platform';
import stableStringify from 'fast-json-stable-stringify';

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

let validator: JsonDocumentValidator | undefined;

/**
 * The check of documents against the reference's JSONDocument as platform reads it, made on the
 * first document a client sends (about half a second, once per process) from only the components
 * it needs: the whole reference is let go again (the api keeps it only to build its own document).
 */
function referenceDocuments(): JsonDocumentValidator {
  validator ??= new JsonDocumentValidator(referenceComponents('JSONDocument').components.schemas);
  return validator;
}

/**
 * A `document` sent by a client, held to the reference's JSONDocument schema (every block, inline
 * and mark with the fields its type has there: a math block needs `data.formula`, a divider's
 * `data` is empty, `data.schemaVersion` is an integer): a 400 naming the field under `field`
 * otherwise, before anything is stored (docs/api-decisions.md, "Page bodies").
 */
export function requireJsonDocument(value: unknown, field: string): JSONDocument {
  const checked = referenceDocuments().check(value, field);
  if (checked.problem !== undefined) throw new BadRequestException(checked.problem);
  return checked.document;
}
