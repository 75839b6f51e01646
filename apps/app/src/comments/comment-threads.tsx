import { useState } from 'preact/hooks';
import { api, listAll } from '../api/client';
import type { Comment } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { TextForm } from '../components/text-form';
import { CommentThread } from './comment-thread';

interface CommentThreadsProps {
  /** The comments' API path: `.../change-requests/{id}/comments` (or a space's). */
  path: string;
  /** Only the comments on this page, and new ones target it. */
  pageId?: string;
  /** The section's heading ("Comments", "Comments on this page"). */
  heading: string;
  userId?: string;
  canComment: boolean;
  /** The block of the page the cursor is in: a comment may target it. */
  block?: { key: string; text: string };
}

/** A section of comment threads, oldest first, with a "Comment" form. */
export function CommentThreads({ path, pageId, heading, userId, canComment, block }: CommentThreadsProps) {
  const [onBlock, setOnBlock] = useState(true);
  const query = `order=asc${pageId ? `&targetPage=${encodeURIComponent(pageId)}` : ''}`;
  const comments = useResource(`comments:${path}:${query}`, () => listAll<Comment>(`${path}?${query}`));
  const id = `comments-${pageId ?? 'all'}`;
  return (
    <section class="comments" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <Status resource={comments} what="the comments" />
      {comments.data && comments.data.length === 0 && <p class="muted">No comment yet.</p>}
      {comments.data?.map((comment) => (
        <CommentThread key={comment.id} path={`${path}/${comment.id}`} comment={comment} userId={userId} onChanged={comments.reload} />
      ))}
      {canComment && (
        <TextForm
          label={pageId ? 'Comment on this page' : 'Comment'}
          actions={[
            {
              name: 'Comment',
              run: async (text) => {
                const node = block && onBlock ? { node: block.key } : {};
                await api.post(path, { body: { markdown: text }, ...(pageId ? { page: pageId, ...node } : {}) });
                comments.reload();
              },
            },
          ]}
        >
          {pageId && block && (
            <label class="checkbox">
              <input type="checkbox" checked={onBlock} onChange={(event) => setOnBlock((event.target as HTMLInputElement).checked)} /> On the text the cursor is in: “{preview(block.text)}”
            </label>
          )}
        </TextForm>
      )}
    </section>
  );
}

/** The start of a block's text, for the label that quotes it. */
function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 60)}…` : flat || '(empty)';
}
