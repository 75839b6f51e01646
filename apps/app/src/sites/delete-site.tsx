import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api } from '../api/client';
import type { Site } from '../api/types';
import { ConfirmDialog } from '../components/confirm-dialog';

/**
 * "Delete site", asked first in a dialog naming the site (its live address stops answering with
 * it); once deleted, the organization's screen, where the site is no longer listed.
 */
export function DeleteSite({ organizationId, base, site }: { organizationId: string; base: string; site: Site }) {
  const { route } = useLocation();
  const [asking, setAsking] = useState(false);
  return (
    <section class="panel" aria-labelledby="delete-site-heading">
      <h2 id="delete-site-heading">Delete the site</h2>
      <p class="help">Its sections, variants and share links go with it{site.published ? ', and readers no longer reach it' : ''}. The spaces it publishes stay.</p>
      <button type="button" class="secondary danger" onClick={() => setAsking(true)}>
        Delete site
      </button>
      {asking && (
        <ConfirmDialog
          title={`Delete the site “${site.title}”?`}
          confirm="Delete site"
          onConfirm={() => api.delete(base)}
          onClose={(done) => {
            setAsking(false);
            if (done) route(`/o/${organizationId}`);
          }}
        >
          <p>This cannot be undone. The spaces it publishes are not deleted.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
