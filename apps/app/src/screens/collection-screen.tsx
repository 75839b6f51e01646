import { api, listAll } from '../api/client';
import type { Collection, Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { OrganizationContent } from './organization-screen';

/** `/c/{collectionId}`: a collection and the spaces in it. */
export function CollectionScreen({ collectionId }: { collectionId: string }) {
  const collection = useResource(`collection:${collectionId}`, () => api.get<Collection>(`/v1/collections/${collectionId}`));
  const spaces = useResource(`collection-spaces:${collectionId}`, () => listAll<Space>(`/v1/collections/${collectionId}/spaces`));
  return (
    <div class="workspace">
      {collection.data && <OrganizationContent organizationId={collection.data.organization} current={collectionId} />}
      <main id="main" class="page">
        <Status resource={collection} what="the collection" />
        {collection.data && <h1>{collection.data.title}</h1>}
        {collection.data?.description && <p>{collection.data.description}</p>}
        <Status resource={spaces} what="its spaces" />
        {spaces.data?.length === 0 && <p>No space in this collection yet.</p>}
        <ul class="cards">
          {spaces.data?.map((space) => (
            <li key={space.id}>
              <a href={`/s/${space.id}`}>{space.title || 'Untitled'}</a>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
