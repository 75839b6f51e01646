import { api, listAll } from '../api/client';
import type { Comment, CommentReply } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { TextForm } from '../components/text-form';
import { Reactions } from './reactions';

/** A comment's markdown as the API answers it (comments are read as markdown). */
function bodyText(body: unknown): string {
  return (body as { markdown?: string }).markdown?.trim() ?? '';
}

function Byline({ name, at }: { name: string; at: string }) {
  return (
    <p class="byline">
      <strong>{name}</strong> <time dateTime={at}>{new Date(at).toLocaleString()}</time>
    </p>
  );
}

/**
 * One comment and its replies (oldest first): reactions, "Reply", "Resolve" or "Reopen". `path` is
 * the comment's API path (a space's or a change request's comment).
 */
export function CommentThread({ path, comment, userId, onChanged }: { path: string; comment: Comment; userId?: string; onChanged: () => void }) {
  const replies = useResource(`replies:${path}:${comment.replies}`, () => (comment.replies > 0 ? listAll<CommentReply>(`${path}/replies`) : Promise.resolve([])));
  const canReply = comment.permissions.reply !== false;
  const resolved = comment.status === 'resolved';
  const react = async (target: string, emoji: string, add: boolean) => {
    await api.put(target, add ? { addedReactions: [emoji] } : { removedReactions: [emoji] });
    if (target === path) onChanged();
    else replies.reload();
  };
  const page = comment.target.page;
  return (
    <article class={`comment${resolved ? ' resolved' : ''}`} aria-label={`Comment by ${comment.postedBy.displayName}`}>
      <Byline name={comment.postedBy.displayName} at={comment.postedAt} />
      {page && (
        <p class="comment-target">
          On {page.title}
          {comment.target.node?.preview ? <q>{comment.target.node.preview}</q> : null}
          {page.outdated ? ' (the page changed since)' : ''}
        </p>
      )}
      <div class="comment-body">{bodyText(comment.body)}</div>
      <Reactions reactions={comment.reactions} userId={userId} disabled={!canReply} onToggle={(emoji, add) => void react(path, emoji, add)} />
      {resolved && <p class="muted">Resolved{comment.resolvedBy ? ` by ${comment.resolvedBy.displayName}` : ''}.</p>}
      {canReply && (
        <button type="button" class="secondary" onClick={async () => (await api.put(path, { resolved: !resolved }), onChanged())}>
          {resolved ? 'Reopen' : 'Resolve'}
        </button>
      )}
      <Status resource={replies} what="the replies" />
      {replies.data && replies.data.length > 0 && (
        <ol class="replies" aria-label="Replies">
          {replies.data.map((reply) => (
            <li key={reply.id}>
              <Byline name={reply.postedBy.displayName} at={reply.postedAt} />
              <div class="comment-body">{bodyText(reply.body)}</div>
              <Reactions reactions={reply.reactions} userId={userId} disabled={!canReply} onToggle={(emoji, add) => void react(`${path}/replies/${reply.id}`, emoji, add)} />
            </li>
          ))}
        </ol>
      )}
      {canReply && (
        <TextForm
          label="Reply"
          actions={[
            {
              name: 'Reply',
              run: async (text) => {
                await api.post(`${path}/replies`, { body: { markdown: text } });
                onChanged();
              },
            },
          ]}
        />
      )}
    </article>
  );
}
