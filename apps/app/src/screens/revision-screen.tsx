import { api } from '../api/client';
import type { RevisionPage, Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { firstDocumentPage, pageAtPath, pagesById, pageTree } from '../navigation/page-tree';
import { TreeView } from '../navigation/tree-view';
import { RevisionPageReader } from './editor-panels';

interface Revision {
  id: string;
  type: string;
  parents: string[];
  createdAt: string;
  pages: RevisionPage[];
  files: { id: string; downloadURL: string }[];
}

const TYPE_WORDS: Record<string, string> = { edits: 'Edits', merge: 'Merge of a change request', rollback: 'Rollback', update: 'Update', computed: 'Computed' };

/**
 * `/s/{spaceId}/~/revisions/{revisionId}[/{page path}]`: a space as it was at one revision, its
 * pages as they were (read-only, the editor's rendering), and the way to the revision before it.
 * The API has no list of a space's revisions: the history is walked from the space's current
 * revision ("History" in the space) one parent at a time.
 */
export function RevisionScreen({ spaceId, revisionId, pagePath = '' }: { spaceId: string; revisionId: string; pagePath?: string }) {
  const space = useResource(`space:${spaceId}`, () => api.get<Space>(`/v1/spaces/${spaceId}`));
  const revision = useResource(`revision:${spaceId}:${revisionId}`, () => api.get<Revision>(`/v1/spaces/${spaceId}/revisions/${revisionId}`));
  // The editor's code (the pages are read in it) downloads beside the revision's requests.
  RevisionPageReader.preload();
  const base = `/s/${spaceId}/~/revisions/${revisionId}`;
  const data = revision.data;
  const path = decodeURIComponent(pagePath);
  const page = data ? (path ? pageAtPath(data.pages, path) : firstDocumentPage(data.pages)) : undefined;
  const when = data ? new Date(data.createdAt).toLocaleString() : '';
  return (
    <div class="workspace">
      <nav class="sidebar" aria-label="Pages of this revision">
        {space.data && (
          <p class="breadcrumbs">
            <a href={`/s/${spaceId}`}>{space.data.title || 'Untitled'}</a>
          </p>
        )}
        <Status resource={revision} what="the revision" />
        {data && <TreeView label="Pages at this revision" roots={pageTree(spaceId, data.pages, { base })} current={page?.id} />}
      </nav>
      <main id="main" class="page">
        {data && (
          <>
            <h1>Revision of {when}</h1>
            <p class="revision-facts">
              <span class="badge">{TYPE_WORDS[data.type] ?? data.type}</span> <code>{data.id}</code>
              {space.data?.revision === data.id && <span class="badge">Current</span>}
            </p>
            <nav class="revision-links" aria-label="History">
              {data.parents[0] ? <a href={`/s/${spaceId}/~/revisions/${data.parents[0]}`}>Previous revision</a> : <span>The first revision of this space.</span>}
              <a href={`/s/${spaceId}`}>Current version</a>
            </nav>
            {data.pages.length === 0 && <p>The space had no page at this revision.</p>}
            {path && !page && <p role="alert">No page had the path {path} at this revision.</p>}
            {page && page.type !== 'document' && <h2>{page.title}</h2>}
            {page && page.type === 'document' && (
              <RevisionPageReader
                key={page.id}
                spaceId={spaceId}
                revisionId={revisionId}
                pageId={page.id}
                files={data.files}
                pages={pagesById(spaceId, data.pages, base)}
              />
            )}
          </>
        )}
      </main>
    </div>
  );
}
