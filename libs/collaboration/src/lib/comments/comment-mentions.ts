import type { JSONDocument } from '@docs/content';

/** Whom a body names: user ids (the reference's mention inline, or a link to `ref:user/<id>`) and `@email`s. */
export interface MentionCandidates {
  userIds: string[];
  /** Lower-cased, as users' emails are stored. */
  emails: string[];
}

/** At most this many people are recorded per comment or reply; the rest of a body is not searched. */
export const MAX_MENTIONS = 50;

interface WalkedNode {
  object?: string;
  type?: string;
  data?: { ref?: { kind?: string; user?: unknown } };
  nodes?: WalkedNode[];
  fragments?: WalkedNode[];
  leaves?: { text?: string; marks?: { type?: string }[] }[];
}

/**
 * `@` then an email address, not glued to a word before it ("me@x.org" is an address, not a
 * mention). The domain ends on a letter or digit, so a full stop after it is punctuation.
 */
const EMAIL_MENTION = /(?<![\w.@+-])@([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;

/**
 * The people a body mentions, in order of first mention, without duplicates: mention inlines and
 * user links anywhere, and `@email` in its text, except inside code (a code block, or text
 * marked as code), where an address is an example, not a call.
 */
export function mentionCandidates(document: JSONDocument): MentionCandidates {
  const userIds = new Set<string>();
  const emails = new Set<string>();
  const full = () => userIds.size + emails.size >= MAX_MENTIONS;
  const stack: WalkedNode[] = [...(((document as unknown as WalkedNode).nodes ?? []) as WalkedNode[])].reverse();
  while (stack.length > 0 && !full()) {
    const node = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (node.object === 'inline' && (node.type === 'mention' || node.type === 'link')) {
      const ref = node.data?.ref;
      if (ref?.kind === 'user' && typeof ref.user === 'string' && ref.user !== '') userIds.add(ref.user);
    }
    if (node.object === 'block' && node.type === 'code') continue;
    if (node.object === 'text') {
      for (const leaf of node.leaves ?? []) {
        if ((leaf.marks ?? []).some((mark) => mark.type === 'code')) continue;
        for (const match of (leaf.text ?? '').matchAll(EMAIL_MENTION)) if (!full()) emails.add(match[1].toLowerCase());
      }
      continue;
    }
    for (const children of [node.fragments, node.nodes]) if (Array.isArray(children)) stack.push(...[...children].reverse());
  }
  return { userIds: [...userIds], emails: [...emails] };
}
