import { BadRequestException } from '@nestjs/common';
import { requireJsonDocument } from '@docs/content';
import { documentToMarkdown } from '@docs/document-model';

/** Longest review comment, in characters of markdown. */
export const MAX_REVIEW_COMMENT = 100_000;

/**
 * A review's comment (the reference's Document: `{markdown}`, `{document}` or `{}`) as the
 * markdown stored with the review; null when there is none.
 */
export function reviewCommentMarkdown(comment: Record<string, unknown> | undefined): string | null {
  if (comment === undefined) return null;
  const keys = Object.keys(comment);
  if (keys.length === 0) return null;
  if (keys.length > 1) throw new BadRequestException('comment must have exactly one of markdown or document');
  let markdown: string;
  if (keys[0] === 'markdown') {
    if (typeof comment['markdown'] !== 'string') throw new BadRequestException('comment.markdown must be a string');
    markdown = comment['markdown'];
  } else if (keys[0] === 'document') {
    markdown = documentToMarkdown(requireJsonDocument(comment['document'], 'comment.document'));
  } else {
    throw new BadRequestException(`comment.${keys[0]} is not allowed: send {markdown} or {document}`);
  }
  if (markdown.length > MAX_REVIEW_COMMENT) throw new BadRequestException(`comment must be at most ${MAX_REVIEW_COMMENT} characters of markdown`);
  return markdown.trim() === '' ? null : markdown;
}
