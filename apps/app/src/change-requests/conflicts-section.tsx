import { useState } from 'preact/hooks';
import { api, apiRequest } from '../api/client';
import { changeRequestContent, changeRequestPath, spaceContent } from '../api/content-paths';
import type { ChangeRequest } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { changeRequestHref } from './change-request-words';
import { ConflictChoice, conflictRegions, resolveConflicts } from './conflict-markers';
import { moveToSpacePlace, PlacedPage } from './page-place';

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

async function pageTreeOf(content: string): Promise<PlacedPage[]> {
  return (await api.get<{ pages: PlacedPage[] }>(`${content}/pages`)).pages;
}

/**
 * The pages an update from the space left in conflict, each with both versions and the choice:
 * the change request's or the space's. Text conflicts write the chosen text into the change
 * request; for a title or a place, the space's version is written there (its title, its place; a
 * page the space deleted is deleted), and the change request's is kept through the API's
 * `keep-version` (it is already there: writing it again would write nothing).
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

  /** Runs the writes of a choice; the change request is read again after them. */
  const resolve = async (writes: () => Promise<void>) => {
    setError(undefined);
    try {
      await writes();
      onResolved();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  // The body with both versions marked becomes the chosen one.
  const chooseText = (choice: ConflictChoice) => resolve(() => apiRequest('PATCH', `${content}/page/${pageId}`, { markdown: resolveConflicts(ours!.markdown ?? '', choice) }, { 'If-Match': ours!.etag }).then(() => undefined));

  const keepChangeRequestVersion = () => resolve(() => api.post(`${changeRequestPath(spaceId, changeRequest.id)}/keep-version`, { page: pageId }).then(() => undefined));

  const takeSpaceVersion = () =>
    resolve(async () => {
      if (!theirs) return api.delete(`${content}/page/${pageId}`);
      let wrote = false;
      if (theirs.title !== ours!.title) {
        await apiRequest('PATCH', `${content}/page/${pageId}`, { title: theirs.title }, { 'If-Match': ours!.etag });
        wrote = true;
      }
      const move = moveToSpacePlace(await pageTreeOf(spaceContent(spaceId)), await pageTreeOf(content), pageId);
      if (move) {
        await api.post(`${content}/page/${pageId}/move`, move);
        wrote = true;
      }
      // Already as the space has it (its title and place): the conflict only has to be marked resolved.
      if (!wrote) await api.post(`${changeRequestPath(spaceId, changeRequest.id)}/keep-version`, { page: pageId });
    });

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
          {theirs
            ? `Its title, address or place changed on both sides (here “${ours?.title ?? ''}”${ours?.path ? ` at ${ours.path}` : ''}, in the space “${theirs.title}”${theirs.path ? ` at ${theirs.path}` : ''}).`
            : 'The space deleted this page; the change request kept it.'}
        </p>
      )}
      {canEdit && sides.data && ours && (
        <div class="actions">
          <button type="button" onClick={() => void (regions.length > 0 ? chooseText('change-request') : keepChangeRequestVersion())}>
            Keep the change request's version <span class="visually-hidden">of {title}</span>
          </button>
          <button type="button" class="secondary" onClick={() => void (regions.length > 0 ? chooseText('space') : takeSpaceVersion())}>
            {theirs ? "Take the space's version" : 'Delete it as the space did'} <span class="visually-hidden">of {title}</span>
          </button>
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
