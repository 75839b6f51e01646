import { api } from '../api/client';
import type { ChangeRequest, RevisionSemanticChanges } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { changeRequestHref } from './change-request-words';
import { describeChange, groupChanges, PageChanges } from './semantic-changes';
import { TextDiff } from './text-diff';

/**
 * "Changes": what the change request brings, per page (the API's semantic changes from the space
 * revision it last started from), with the page's text before and after.
 */
export function ChangesSection({ spaceId, changeRequest }: { spaceId: string; changeRequest: ChangeRequest }) {
  const path = `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}`;
  const changes = useResource(`changes:${changeRequest.id}:${changeRequest.revision}`, () => api.get<RevisionSemanticChanges>(`${path}/changes?limit=1000`));
  const grouped = changes.data ? groupChanges(changes.data.changes) : undefined;
  return (
    <section class="changes" aria-labelledby="changes-heading">
      <h2 id="changes-heading">Changes</h2>
      <Status resource={changes} what="the changes" />
      {grouped && grouped.pages.length === 0 && grouped.others.length === 0 && <p class="muted">Nothing changed yet.</p>}
      {grouped?.pages.map((page) => <PageChangesView key={page.pageId} spaceId={spaceId} changeRequest={changeRequest} page={page} />)}
      {grouped && grouped.others.length > 0 && (
        <>
          <h3>Files, reusable contents and variables</h3>
          <ul>
            {grouped.others.map((change, index) => (
              <li key={index}>{describeChange(change)}</li>
            ))}
          </ul>
        </>
      )}
      {changes.data?.more ? <p class="muted">{changes.data.more} more changes are not shown.</p> : null}
    </section>
  );
}

function PageChangesView({ spaceId, changeRequest, page }: { spaceId: string; changeRequest: ChangeRequest; page: PageChanges }) {
  // A created page's text is read in the change request, a deleted one's in the space revision it started from.
  const base = changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial;
  const text = useResource(`change-text:${changeRequest.revision}:${page.pageId}`, async () => {
    if (page.text === 'created') return { before: '', after: await markdownAt(`/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content/page/${page.pageId}`) };
    if (page.text === 'deleted') return { before: await markdownAt(`/v1/spaces/${spaceId}/revisions/${base}/page/${page.pageId}`), after: '' };
    return page.text;
  });
  return (
    <article class="page-changes" aria-labelledby={`changes-${page.pageId}`}>
      <h3 id={`changes-${page.pageId}`}>{page.path && page.changes.every((change) => change.type !== 'page_deleted') ? <a href={changeRequestHref(spaceId, changeRequest.number, page.path)}>{page.title || 'Untitled'}</a> : page.title || 'Untitled'}</h3>
      <ul>
        {page.changes.map((change, index) => (
          <li key={index}>{describeChange(change)}</li>
        ))}
      </ul>
      <Status resource={text} what="the text" />
      {text.data && <TextDiff label={`Text of ${page.title || 'Untitled'}, before and after`} before={text.data.before} after={text.data.after} />}
    </article>
  );
}

async function markdownAt(pagePath: string): Promise<string> {
  return (await api.get<{ markdown?: string }>(`${pagePath}?format=markdown`)).markdown ?? '';
}
