import { useState } from 'preact/hooks';
import { apiRequest } from '../api/client';
import { changeRequestContent, spaceContent } from '../api/content-paths';
import type { ChangeRequest } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { changeRequestHref } from './change-request-words';
import { ConflictChoice, conflictRegions, resolveConflicts } from './conflict-markers';

interface PageRead {
  id: string;
  title: string;
  path?: string;
  markdown?: string;
  etag: string;
}

async function readPage(content: string, pageId: string): Promise<PageRead | undefined> {
  try {
    const answer = await apiRequest<PageRead>('GET', `${content}/page/${pageId}?format=markdown`);
    return { ...answer.body, etag: answer.headers.get('ETag') ?? '' };
  } catch {
    // The page may be gone on one side (deleted there): that side has no version to show.
    return undefined;
  }
}

/**
 * The pages an update from the space left in conflict, each with both versions and the choice:
 * the change request's or the space's, written into the change request (which resolves it).
 */
export function ConflictsSection({ spaceId, changeRequest, canEdit, onResolved }: { spaceId: string; changeRequest: ChangeRequest; canEdit: boolean; onResolved: () => void }) {
  const conflicts = (changeRequest as ChangeRequest & { conflicts?: string[] }).conflicts ?? [];
  if (conflicts.length === 0) return null;
  return (
    <section class="conflicts" aria-labelledby="conflicts-heading">
      <h2 id="conflicts-heading">Conflicts with the space</h2>
      <p>The space changed these pages too. Choose a version for each (or edit the page): merging waits until each is resolved.</p>
      {conflicts.map((pageId) => (
        <PageConflict key={pageId} spaceId={spaceId} changeRequest={changeRequest} pageId={pageId} canEdit={canEdit} onResolved={onResolved} />
      ))}
    </section>
  );
}

function PageConflict({ spaceId, changeRequest, pageId, canEdit, onResolved }: { spaceId: string; changeRequest: ChangeRequest; pageId: string; canEdit: boolean; onResolved: () => void }) {
  const content = changeRequestContent(spaceId, changeRequest.id);
  const sides = useResource(`conflict:${changeRequest.revision}:${pageId}`, async () => ({ ours: await readPage(content, pageId), theirs: await readPage(spaceContent(spaceId), pageId) }));
  const [error, setError] = useState<string>();
  const ours = sides.data?.ours;
  const theirs = sides.data?.theirs;
  const regions = ours?.markdown ? conflictRegions(ours.markdown) : [];
  const title = ours?.title ?? theirs?.title ?? 'A page';

  const choose = async (choice: ConflictChoice) => {
    if (!ours) return;
    setError(undefined);
    try {
      // The body with both versions marked becomes the chosen one; a conflict of the page's fields takes the space's title.
      const body = regions.length > 0 ? { markdown: resolveConflicts(ours.markdown ?? '', choice) } : { title: theirs?.title ?? ours.title };
      await apiRequest('PATCH', `${content}/page/${pageId}`, body, { 'If-Match': ours.etag });
      onResolved();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <article class="page-conflict" aria-labelledby={`conflict-${pageId}`}>
      <h3 id={`conflict-${pageId}`}>{ours?.path ? <a href={changeRequestHref(spaceId, changeRequest.number, ours.path)}>{title}</a> : title}</h3>
      <Status resource={sides} what="both versions" />
      {sides.data && regions.length > 0 && (
        <div class="versions">
          {regions.map((region, index) => (
            <div key={index} class="version-pair">
              <section aria-label={`The change request's version${regions.length > 1 ? ` (part ${index + 1})` : ''}`}>
                <h4>The change request's version</h4>
                <pre>{region.changeRequest.join('\n')}</pre>
              </section>
              <section aria-label={`The space's version${regions.length > 1 ? ` (part ${index + 1})` : ''}`}>
                <h4>The space's version</h4>
                <pre>{region.space.join('\n')}</pre>
              </section>
            </div>
          ))}
        </div>
      )}
      {sides.data && regions.length === 0 && (
        <p>
          {theirs ? `Its title, address or place changed on both sides (here “${ours?.title ?? ''}”, in the space “${theirs.title}”).` : 'The space deleted this page; the change request kept it.'} Keeping the change
          request's version takes an edit of the page.
        </p>
      )}
      {canEdit && sides.data && ours && (
        <div class="actions">
          {regions.length > 0 && (
            <button type="button" onClick={() => void choose('change-request')}>
              Keep the change request's version <span class="visually-hidden">of {title}</span>
            </button>
          )}
          {(regions.length > 0 || theirs) && (
            <button type="button" class="secondary" onClick={() => void choose('space')}>
              Take the space's version <span class="visually-hidden">of {title}</span>
            </button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </article>
  );
}
