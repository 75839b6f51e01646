import { BadRequestException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { markdownToDocument, type JSONDocument, type RefResolver } from '@docs/document-model';
import type { BlobStore } from '../blobs/blob-store';
import { documentBytes, requireJsonDocument } from './page-document';

/** A body as a write gives it: markdown or the reference's JSONDocument (not both). */
export interface BodyInput {
  markdown?: string;
  document?: Record<string, unknown>;
}

/**
 * The document of a body input (400 when both forms are given); undefined when neither is.
 * `links`: how the markdown's relative paths name the revision's pages and files (`MarkdownLinks`).
 */
export function bodyDocument(input: BodyInput, links?: Pick<RefResolver, 'refOfUrl'>): JSONDocument | undefined {
  if (input.markdown !== undefined && input.document !== undefined) {
    throw new BadRequestException('Give the body as markdown or as document, not both.');
  }
  if (input.markdown !== undefined) return markdownToDocument(input.markdown, links);
  if (input.document !== undefined) return requireJsonDocument(input.document, 'document');
  return undefined;
}

/**
 * Stores a document as a content-addressed blob in the write's transaction and answers its hash
 * (null for an empty document, which is stored as no blob).
 */
export async function storeDocument(blobs: BlobStore, tx: EntityManager, document: JSONDocument): Promise<string | null> {
  const bytes = documentBytes(document);
  return bytes ? (await blobs.put(tx, bytes)).hash : null;
}
