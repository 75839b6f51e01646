import { useState } from 'preact/hooks';
import { api } from '../api/client';
import type { ChangeRequestRequestedReviewer, ChangeRequestReview, OrganizationMember, User } from '../api/types';
import { TextForm } from '../components/text-form';

export type RequestedReviewer = ChangeRequestRequestedReviewer & { kind: 'user'; user: User };

interface ReviewsSectionProps {
  /** The change request's API path. */
  path: string;
  reviews: ChangeRequestReview[];
  requested: RequestedReviewer[];
  /** Who may be asked: the organization's members but the author. */
  members: OrganizationMember[];
  authorId?: string;
  canRequest: boolean;
  canReview: boolean;
  onChanged: () => void;
}

const REVIEW_WORDS: Record<string, string> = { approved: 'approved', 'changes-requested': 'requested changes' };

/** Requested reviewers (ask, remove), the reviews (newest first, outdated ones marked) and the review form. */
export function ReviewsSection({ path, reviews, requested, members, authorId, canRequest, canReview, onChanged }: ReviewsSectionProps) {
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string>();
  const asked = new Set(requested.map((entry) => entry.user.id));
  const candidates = members.filter((member) => member.user.id !== authorId && !asked.has(member.user.id) && !member.disabled);
  const act = async (run: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await run();
      onChanged();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <section class="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Reviews</h2>
      <h3>Requested reviewers</h3>
      {requested.length === 0 ? (
        <p class="muted">Nobody is asked to review yet.</p>
      ) : (
        <ul class="people">
          {requested.map((entry) => (
            <li key={entry.user.id}>
              {entry.user.displayName}
              {canRequest && (
                <button type="button" class="secondary" onClick={() => act(() => api.delete(`${path}/requested-reviewers/${entry.user.id}`))}>
                  Remove <span class="visually-hidden">{entry.user.displayName} as reviewer</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canRequest && candidates.length > 0 && (
        <form
          class="inline-row"
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen) return setError('Choose who to ask first.');
            void act(async () => {
              await api.post(`${path}/requested-reviewers`, { users: [chosen] });
              setChosen('');
            });
          }}
        >
          <label>
            Reviewer{' '}
            <select value={chosen} onChange={(event) => setChosen((event.target as HTMLSelectElement).value)}>
              <option value="">Choose a member…</option>
              {candidates.map((member) => (
                <option key={member.user.id} value={member.user.id}>
                  {member.user.displayName} ({member.user.email})
                </option>
              ))}
            </select>
          </label>
          <button type="submit">Request review</button>
        </form>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <h3>Reviews</h3>
      {reviews.length === 0 ? (
        <p class="muted">No review yet.</p>
      ) : (
        <ul class="review-list">
          {reviews.map((review) => (
            <li key={review.id} class={review.outdated ? 'outdated' : undefined}>
              <p>
                <strong>{review.reviewer.displayName}</strong> <span class={`badge review-${review.status}`}>{REVIEW_WORDS[review.status] ?? review.status}</span>
                {review.outdated ? <span class="muted"> (outdated: the change request moved on, or a newer review replaced it)</span> : null}{' '}
                <time dateTime={review.createdAt}>{new Date(review.createdAt).toLocaleString()}</time>
              </p>
              {review.comment && <div class="comment-body">{(review.comment.body as { markdown?: string }).markdown?.trim()}</div>}
            </li>
          ))}
        </ul>
      )}
      {canReview && (
        <TextForm
          label="Review comment"
          optional
          actions={[
            { name: 'Approve', run: (text) => submit(path, 'approved', text).then(onChanged) },
            { name: 'Request changes', secondary: true, run: (text) => submit(path, 'changes-requested', text).then(onChanged) },
          ]}
        />
      )}
    </section>
  );
}

async function submit(path: string, status: 'approved' | 'changes-requested', comment: string): Promise<void> {
  await api.post(`${path}/reviews`, { status, ...(comment.trim() ? { comment: { markdown: comment } } : {}) });
}
