import { BadRequestException } from '@nestjs/common';
import { requireJsonDocument } from '@docs/content';
import { documentDepth, DOCUMENT_MAX_DEPTH, documentToMarkdown, JSONDocument, markdownToDocument } from '@docs/document-model';

/**
 * Longest body of a comment or reply, in characters of markdown (what a document given as JSON
 * renders to counts the same). 100,000 characters is some 15,000 words: a review essay fits, a
 * pasted log of megabytes does not (the request body limit, 1 MB by default, answers 413 before).
 */
export const COMMENT_BODY_MAX = 100_000;

/** A body as a request gives it: the reference's Document, `{markdown}` or `{document}`. */
export interface CommentBodyInput {
  markdown?: string;
  document?: Record<string, unknown>;
}

/** The output format of bodies (`format`): markdown unless `document` is asked for. */
export type BodyFormat = 'markdown' | 'document';

/**
 * The document a body input stands for (400 naming `field` otherwise): exactly one of `markdown`
 * and `document`; not empty; at most COMMENT_BODY_MAX characters of markdown; a JSON document
 * must pass the content library's checks (its envelope, at most DOCUMENT_MAX_DEPTH levels).
 */
export function commentDocument(input: CommentBodyInput, field = 'body'): JSONDocument {
  const given = (['markdown', 'document'] as const).filter((key) => input[key] !== undefined);
  if (given.length !== 1) throw new BadRequestException(`${field} must have exactly one of markdown or document`);
  let document: JSONDocument;
  let markdown: string;
  if (input.markdown !== undefined) {
    markdown = input.markdown;
    if (markdown.length > COMMENT_BODY_MAX) throw tooLong(field);
    if (markdown.trim() === '') throw empty(field);
    document = markdownToDocument(markdown);
  } else {
    if (documentDepth(input.document) > DOCUMENT_MAX_DEPTH) {
      throw new BadRequestException(`${field}.document nests deeper than ${DOCUMENT_MAX_DEPTH} levels`);
    }
    document = requireJsonDocument(input.document, `${field}.document`);
    markdown = renderMarkdown(document, `${field}.document`);
    if (markdown.length > COMMENT_BODY_MAX) throw tooLong(field);
  }
  if (document.nodes.length === 0 || markdown.trim() === '') throw empty(field);
  return document;
}

/** A stored body as the reference's Document in the asked format. */
export function presentBody(document: JSONDocument, format: BodyFormat): { markdown: string } | { document: JSONDocument } {
  return format === 'document' ? { document } : { markdown: documentToMarkdown(document) };
}

/** A client's document may hold nodes the converter cannot read: that is the client's 400, not a 500. */
function renderMarkdown(document: JSONDocument, field: string): string {
  try {
    return documentToMarkdown(document);
  } catch {
    throw new BadRequestException(`${field} is not a valid JSONDocument: a node lacks what its type needs`);
  }
}

const tooLong = (field: string) => new BadRequestException(`${field} must be at most ${COMMENT_BODY_MAX} characters of markdown`);
const empty = (field: string) => new BadRequestException(`${field} must not be empty: write some text`);
