import type { JSONDocument } from '@docs/document-model';

/** Whom a body names: user ids (the reference's mention inline, or a link to `ref:user/<id>`) and `@email`s. */
export interface MentionCandidates {
  userIds: string[];
  /** Lower-cased, as users' emails are stored. */
  emails: string[];
}

/** At most this many people are recorded per comment or reply; the rest of a body is not searched. */
export const MAX_MENTIONS = 50;

/** A body's node, loosely: comment bodies come from clients, so nothing is assumed present. */
export interface BodyNode {
  object?: string;
  type?: string;
  key?: string;
  isVoid?: boolean;
  data?: { ref?: { kind?: string; user?: unknown } };
  nodes?: BodyNode[];
  fragments?: BodyNode[];
  leaves?: BodyLeaf[];
}

export interface BodyLeaf {
  object?: string;
  text?: string;
  marks?: { type?: string }[];
}

/**
 * `@` then an email address, not glued to a word before it ("me@x.org" is an address, not a
 * mention). The domain ends on a letter or digit, so a full stop after it is punctuation.
 */
export const EMAIL_MENTION = /(?<![\w.@+-])@([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;

/**
 * The blocks whose own text is searched for `@email`: those the reference lets hold a mention
 * inline (a paragraph, wherever it is: list item, quote, hint, table cell; a heading), so that an
 * address recorded as a mention can always be shown as one. Text elsewhere is not a call: a code
 * block's lines, a link's label.
 */
export const MENTION_HOLDERS: ReadonlySet<string> = new Set(['paragraph', 'heading-1', 'heading-2', 'heading-3']);

/** Whether `node` is a block whose direct text may hold mentions. */
export const holdsMentions = (node: BodyNode) => node.object === 'block' && MENTION_HOLDERS.has(node.type ?? '');

/** Text marked as code is an example, not a call. */
export const isCodeLeaf = (leaf: BodyLeaf) => (leaf.marks ?? []).some((mark) => mark?.type === 'code');

/**
 * The people a body mentions, in order of first mention, without duplicates: mention inlines and
 * user links anywhere, and `@email` in the text of the blocks that may hold a mention, except
 * text marked as code.
 */
export function mentionCandidates(document: JSONDocument): MentionCandidates {
  const userIds = new Set<string>();
  const emails = new Set<string>();
  const full = () => userIds.size + emails.size >= MAX_MENTIONS;
  // Each node with whether its parent holds mentions (a text node is searched only then).
  const stack: [BodyNode, boolean][] = childrenOf(document as unknown as BodyNode, false).reverse();
  while (stack.length > 0 && !full()) {
    const [node, inHolder] = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (node.object === 'inline' && (node.type === 'mention' || node.type === 'link')) {
      const ref = node.data?.ref;
      if (ref?.kind === 'user' && typeof ref.user === 'string' && ref.user !== '') userIds.add(ref.user);
    }
    if (node.object === 'text') {
      if (!inHolder) continue;
      for (const leaf of node.leaves ?? []) {
        if (!leaf || isCodeLeaf(leaf)) continue;
        for (const match of (leaf.text ?? '').matchAll(EMAIL_MENTION)) if (!full()) emails.add(match[1].toLowerCase());
      }
      continue;
    }
    stack.push(...childrenOf(node, holdsMentions(node)).reverse());
  }
  return { userIds: [...userIds], emails: [...emails] };
}

/** A node's children in reading order (its own nodes, then its fragments: a table's cells, an annotation's body). */
function childrenOf(node: BodyNode, holder: boolean): [BodyNode, boolean][] {
  const children: [BodyNode, boolean][] = [];
  if (Array.isArray(node.nodes)) for (const child of node.nodes) children.push([child, holder]);
  if (Array.isArray(node.fragments)) for (const fragment of node.fragments) children.push([fragment, false]);
  return children;
}
