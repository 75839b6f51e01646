import { api } from '../api/client';
import type { ChangeRequest, Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';

const STATUS_WORDS: Record<string, string> = { draft: 'Draft', open: 'Open for review', merged: 'Merged', archived: 'Archived' };

/** `/s/{spaceId}/~/changes/{number}`: a change request of a space. */
export function ChangeRequestScreen({ spaceId, number }: { spaceId: string; number: string }) {
  const space = useResource(`space:${spaceId}`, () => api.get<Space>(`/v1/spaces/${spaceId}`));
  const changeRequest = useResource(`change-request:${spaceId}:${number}`, () => api.get<ChangeRequest>(`/v1/spaces/${spaceId}/change-requests/${number}`));
  const data = changeRequest.data;
  return (
    <main id="main" class="page">
      {space.data && (
        <p class="breadcrumbs">
          <a href={`/s/${spaceId}`}>{space.data.title}</a>
        </p>
      )}
      <Status resource={changeRequest} what="the change request" />
      {data && (
        <>
          <h1>
            #{data.number} {data.subject || 'Untitled change request'}
          </h1>
          <p>
            <span class="badge">{STATUS_WORDS[data.status] ?? data.status}</span> by {data.createdBy.displayName}, {new Date(data.createdAt).toLocaleString()}
          </p>
        </>
      )}
    </main>
  );
}
