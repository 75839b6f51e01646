import type { JSONDocument } from '@docs/document-model';
import { BodyLeaf, BodyNode, EMAIL_MENTION, holdsMentions, isCodeLeaf } from './comment-mentions';

/**
 * `document` with each `@email` of `userIdsByEmail` (lower-cased email -> user id) written as the
 * reference's mention inline of that user, where mentionCandidates searches (comment-mentions.ts):
 * the text of paragraphs and headings, not text marked as code. The inline is the one the
 * markdown codec reads from `[...](ref:user/<id> "mention")`, so a body naming someone by address
 * reads back exactly as one written with the inline. Every other address stays text; nodes
 * without a mention are kept as they are.
 */
export function withMentionInlines(document: JSONDocument, userIdsByEmail: ReadonlyMap<string, string>): JSONDocument {
  if (userIdsByEmail.size === 0) return document;
  return rewrite(document as unknown as BodyNode, userIdsByEmail) as unknown as JSONDocument;
}

function rewrite(node: BodyNode, userIdsByEmail: ReadonlyMap<string, string>): BodyNode {
  if (!node || typeof node !== 'object' || node.object === 'text') return node;
  const holder = holdsMentions(node);
  const changed: Partial<BodyNode> = {};
  if (Array.isArray(node.nodes)) {
    changed.nodes = node.nodes.flatMap((child) => (holder && child?.object === 'text' ? splitText(child, userIdsByEmail) : [rewrite(child, userIdsByEmail)]));
  }
  if (Array.isArray(node.fragments)) changed.fragments = node.fragments.map((fragment) => rewrite(fragment, userIdsByEmail));
  return { ...node, ...changed };
}

/** A text node as text, mention, text...: each piece keeps its leaves' marks; the first piece keeps the node's own fields (its key). */
function splitText(text: BodyNode, userIdsByEmail: ReadonlyMap<string, string>): BodyNode[] {
  const pieces: BodyNode[] = [];
  let leaves: BodyLeaf[] = [];
  const flush = () => {
    if (leaves.length > 0) pieces.push(pieces.length === 0 ? { ...text, leaves } : { object: 'text', leaves });
    leaves = [];
  };
  let split = false;
  for (const leaf of text.leaves ?? []) {
    const source = leaf?.text;
    if (!leaf || typeof source !== 'string' || isCodeLeaf(leaf)) {
      leaves.push(leaf);
      continue;
    }
    let from = 0;
    for (const match of source.matchAll(EMAIL_MENTION)) {
      const user = userIdsByEmail.get(match[1].toLowerCase());
      if (!user) continue;
      if (match.index > from) leaves.push({ ...leaf, text: source.slice(from, match.index) });
      flush();
      pieces.push(mentionOf(user));
      from = match.index + match[0].length;
      split = true;
    }
    if (from === 0) leaves.push(leaf);
    else if (from < source.length) leaves.push({ ...leaf, text: source.slice(from) });
  }
  if (!split) return [text];
  flush();
  return pieces;
}

const mentionOf = (user: string): BodyNode => ({ object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'user', user } } });
