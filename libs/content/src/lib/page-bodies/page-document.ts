import { BadRequestException } from '@nestjs/common';
import stableStringify from 'fast-json-stable-stringify';
import type { JSONDocument } from './document-codec';

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
 * The shape check of a `document` sent by a client: the reference's JSONDocument envelope with
 * blocks at the top level. `field` names it in the 400.
 */
export function requireJsonDocument(value: unknown, field: string): JSONDocument {
  const fail = (path: string, why: string): never => {
    throw new BadRequestException(`${field}${path} ${why}`);
  };
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail('', 'must be a JSONDocument object');
  const document = value as Record<string, unknown>;
  if (document.object !== 'document') fail('.object', 'must be "document"');
  if (document.data !== undefined && (typeof document.data !== 'object' || document.data === null || Array.isArray(document.data))) {
    fail('.data', 'must be an object');
  }
  if (!Array.isArray(document.nodes)) fail('.nodes', 'must be an array');
  (document.nodes as unknown[]).forEach((node, index) => {
    const block = node as Record<string, unknown> | null;
    if (!block || typeof block !== 'object' || block.object !== 'block' || typeof block.type !== 'string') {
      fail(`.nodes[${index}]`, 'must be a block ({"object": "block", "type": ...})');
    }
  });
  return { object: 'document', data: (document.data as Record<string, unknown>) ?? {}, nodes: document.nodes as JSONDocument['nodes'] };
}
