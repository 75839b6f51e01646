import { useLocation } from 'preact-iso';
import { api, listAll } from '../api/client';
import type { Collection, Organization, Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { CreateForm } from '../components/create-form';
import { Status } from '../components/status';
import { contentTree } from '../navigation/content-tree';
import { contentTreeEditing } from '../navigation/content-tree-editing';
import { rememberDeleted } from '../navigation/deleted-spaces';
import { DeletedSpacesPanel } from '../navigation/deleted-spaces-panel';
import { ancestorsOf } from '../navigation/tree-model';
import { TreeView } from '../navigation/tree-view';
import { SiteList } from '../sites/site-list';
import { OrganizationSearch } from '../organization-wide/organization-search';

/** An organization's content: its collections and spaces, and where new ones are made. */
export function OrganizationContent({ organizationId, current }: { organizationId: string; current?: string }) {
  const { route } = useLocation();
  // New spaces and collections are for who may create content (`permissions.createContent`).
  const organization = useResource(`organization:${organizationId}`, () => api.get<Organization>(`/v1/orgs/${organizationId}`));
  const content = useResource(`content:${organizationId}`, async () => {
    const [collections, spaces] = await Promise.all([
      listAll<Collection>(`/v1/orgs/${organizationId}/collections`),
      listAll<Space>(`/v1/orgs/${organizationId}/spaces`),
    ]);
    return contentTree(collections, spaces);
  });
  const editing = contentTreeEditing(content.reload, (node, spaces) => {
    const deletedAt = new Date();
    rememberDeleted(spaces.map((space) => ({ id: space.id, label: space.label, organizationId, deletedAt })));
    // The screen showing what was deleted has nothing left to show.
    if (current && (node.id === current || spaces.some((space) => space.id === current) || ancestorsOf([node], current).length > 0)) route(`/o/${organizationId}`);
  });
  return (
    <nav class="sidebar" aria-label="Content">
      {organization.data?.permissions.createContent && (
        <div class="sidebar-actions">
          <CreateForm
            label="New space"
            onCreate={async (title) => {
              const space = await api.post<Space>(`/v1/orgs/${organizationId}/spaces`, { title });
              content.reload();
              route(`/s/${space.id}`);
            }}
          />
          <CreateForm
            label="New collection"
            onCreate={async (title) => {
              const collection = await api.post<Collection>(`/v1/orgs/${organizationId}/collections`, { title });
              content.reload();
              route(`/c/${collection.id}`);
            }}
          />
        </div>
      )}
      <Status resource={content} what="the content" />
      {content.data && <TreeView label="Collections and spaces" roots={content.data} current={current} editing={editing} />}
      <DeletedSpacesPanel organizationId={organizationId} onRestored={content.reload} />
    </nav>
  );
}

/** `/o/{organizationId}`. */
export function OrganizationScreen({ organizationId }: { organizationId: string }) {
  const organization = useResource(`organization:${organizationId}`, () => api.get<Organization>(`/v1/orgs/${organizationId}`));
  return (
    <div class="workspace">
      <OrganizationContent organizationId={organizationId} />
      <main id="main" class="page">
        <Status resource={organization} what="the organization" />
        {organization.data && (
          <>
            <h1>{organization.data.title}</h1>
            <p>Open a space from the list, or make a new one.</p>
            <OrganizationSearch organizationId={organizationId} />
            <p>
              <a href={`/o/${organizationId}/change-requests`}>Change requests</a> · <a href={`/o/${organizationId}/settings`}>Organization settings</a>
            </p>
          </>
        )}
        {organization.data && <SiteList organizationId={organizationId} manage={organization.data.permissions.admin} />}
      </main>
    </div>
  );
}
