import { api } from '../api/client';
import type { Site } from '../api/types';
import { ActionStatus, useAction } from '../components/action-status';
import { visibilityLabel } from './visibility';

/**
 * Publish and Unpublish (one button whose name says what it does next, so the focus stays on it),
 * and the live address one click away while the site is published. Only who may `manage` the
 * site sees the button.
 */
export function PublishPanel({ base, site, manage, onChange }: { base: string; site: Site; manage: boolean; onChange: () => void }) {
  const { state, run } = useAction();
  const toggle = () =>
    run(async () => {
      await api.post<Site>(`${base}/${site.published ? 'unpublish' : 'publish'}`);
      onChange();
    }, site.published ? 'Unpublished: readers no longer reach the site.' : 'Published.');
  return (
    <section class="panel" aria-labelledby="publishing-heading">
      <h2 id="publishing-heading">Publishing</h2>
      <p>
        <span class="badge">{site.published ? 'Published' : 'Not published'}</span> <span class="badge">{visibilityLabel(site.visibility)}</span>
      </p>
      {/* aria-disabled, not disabled: a disabled button loses the focus, and this one keeps it from Publish to Unpublish. */}
      {manage && (
        <button type="button" class={site.published ? 'secondary' : undefined} aria-disabled={state.busy} onClick={() => !state.busy && toggle()}>
          {site.published ? 'Unpublish' : 'Publish'}
        </button>
      )}
      {site.urls.published && (
        <p class="live-url">
          <a href={site.urls.published} target="_blank" rel="noopener">
            Open the live site
          </a>{' '}
          <code>{site.urls.published}</code>
          {site.visibility === 'share-link' && <span> (readers need one of its share links, below)</span>}
        </p>
      )}
      <ActionStatus state={state} />
    </section>
  );
}
