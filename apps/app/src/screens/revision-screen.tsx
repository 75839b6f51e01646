import { api } from '../api/client';
import type { Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';

interface RevisionSummary {
  id: string;
  type: string;
  createdAt: string;
}

/** `/s/{spaceId}/~/revisions/{revisionId}`: one revision of a space's history. */
export function RevisionScreen({ spaceId, revisionId }: { spaceId: string; revisionId: string }) {
  const space = useResource(`space:${spaceId}`, () => api.get<Space>(`/v1/spaces/${spaceId}`));
  const revision = useResource(`revision:${spaceId}:${revisionId}`, () => api.get<RevisionSummary>(`/v1/spaces/${spaceId}/revisions/${revisionId}`));
  return (
    <main id="main" class="page">
      {space.data && (
        <p class="breadcrumbs">
          <a href={`/s/${spaceId}`}>{space.data.title}</a>
        </p>
      )}
      <Status resource={revision} what="the revision" />
      {revision.data && (
        <>
          <h1>Revision of {new Date(revision.data.createdAt).toLocaleString()}</h1>
          <p>
            <span class="badge">{revision.data.type}</span> <code>{revision.data.id}</code>
          </p>
        </>
      )}
    </main>
  );
}
