import { api } from '../api/client';
import type { Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { GitSyncPanel } from './git-sync-panel';
import { ImportPanel } from './import-panel';
import '../settings/admin.css';

/** The space's settings, each at `/s/{spaceId}/~/settings/{path}`; the first opens at `/s/{spaceId}/~/settings`. */
export const spaceSettingsNav = [
  { label: 'Import', path: 'import' },
  { label: 'Git Sync', path: 'git-sync' },
];

/** `/s/{spaceId}/~/settings[/{section}]`: importing content into the space, and its Git Sync. */
export function SpaceSettingsScreen({ spaceId, section = spaceSettingsNav[0].path }: { spaceId: string; section?: string }) {
  const space = useResource(`space:${spaceId}`, () => api.get<Space>(`/v1/spaces/${spaceId}`));
  const known = spaceSettingsNav.some((entry) => entry.path === section);
  return (
    <div class="workspace">
      <nav class="sidebar" aria-label="Space settings">
        <p class="breadcrumbs">
          <a href={`/s/${spaceId}`}>{space.data ? space.data.title || 'Untitled' : 'Space'}</a>
        </p>
        <h2 class="space-title">Space settings</h2>
        <ul class="settings-nav">
          {spaceSettingsNav.map((entry) => (
            <li key={entry.path}>
              <a href={`/s/${spaceId}/~/settings/${entry.path}`} aria-current={entry.path === section ? 'page' : undefined}>
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" class="page">
        <Status resource={space} what="the space" />
        {!known && <p role="alert">The space has no settings called {section}.</p>}
        {space.data && section === 'import' && <ImportPanel space={space.data} />}
        {space.data && section === 'git-sync' && <GitSyncPanel space={space.data} onChanged={space.reload} />}
      </main>
    </div>
  );
}
