import { listAll } from '../api/client';
import type { Site, Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';

/**
 * Which of the organization's spaces and sites a webhook hears about (the API's `spaces` and
 * `sites` filters: an event about any one chosen; none chosen, every event of the organization).
 * Checkboxes named `space` and `site`, read by the form that holds them.
 */
export function WebhookScopeFields({ organizationId, spaces, sites }: { organizationId: string; spaces: string[]; sites: string[] }) {
  const choices = useResource(`webhook-scope:${organizationId}`, async () => {
    const [allSpaces, allSites] = await Promise.all([listAll<Space>(`/v1/orgs/${organizationId}/spaces`), listAll<Site>(`/v1/orgs/${organizationId}/sites`)]);
    return { spaces: allSpaces, sites: allSites };
  });
  return (
    <fieldset class="events">
      <legend>Only about</legend>
      <p class="help" id="webhook-scope-help">
        Events about the spaces and sites chosen here (any of them); none chosen: every event of the organization.
      </p>
      <Status resource={choices} what="the spaces and sites" />
      {choices.data && (
        <div class="event-types" role="group" aria-label="Spaces and sites" aria-describedby="webhook-scope-help">
          {choices.data.spaces.map((space) => (
            <label class="check" key={space.id}>
              <input type="checkbox" name="space" value={space.id} defaultChecked={spaces.includes(space.id)} /> Space {space.title || 'Untitled'}
            </label>
          ))}
          {choices.data.sites.map((site) => (
            <label class="check" key={site.id}>
              <input type="checkbox" name="site" value={site.id} defaultChecked={sites.includes(site.id)} /> Site {site.title}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
