import { useState } from 'preact/hooks';
import { api } from '../api/client';
import { forgetDeleted, useDeletedSpaces } from './deleted-spaces';

/** The 7 days a deleted space can be restored in (docs/api-decisions.md, "Spaces"). */
const RESTORE_DAYS = 7;

/**
 * "Deleted": the spaces deleted from this window, each with "Restore" (the API's restore, within
 * its 7 days); a restored space is back in the tree, at the end of its collection or of the top level.
 */
export function DeletedSpacesPanel({ organizationId, onRestored }: { organizationId: string; onRestored: () => Promise<void> }) {
  const spaces = useDeletedSpaces(organizationId);
  const [failure, setFailure] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  return (
    <>
      {spaces.length > 0 && (
        <section class="deleted-spaces" aria-labelledby="deleted-spaces-title">
          <h2 id="deleted-spaces-title">Deleted</h2>
          <p class="hint">Restorable for {RESTORE_DAYS} days after their deletion.</p>
          <ul>
            {spaces.map((space) => (
              <li key={space.id}>
                <span>{space.label}</span>{' '}
                <button
                  type="button"
                  class="secondary"
                  aria-label={`Restore ${space.label}`}
                  onClick={async () => {
                    setFailure(undefined);
                    try {
                      await api.post(`/v1/spaces/${space.id}/restore`);
                      forgetDeleted(space.id);
                      await onRestored();
                      setAnnouncement(`Restored “${space.label}”.`);
                      // The button is gone: the focus goes to the space, back in the tree.
                      setTimeout(() => document.querySelector<HTMLElement>(`[role="treeitem"][data-node="${CSS.escape(space.id)}"]`)?.focus());
                    } catch (error) {
                      setFailure(`“${space.label}” could not be restored: ${(error as Error).message}`);
                    }
                  }}
                >
                  Restore
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p role="status" class="visually-hidden">
        {announcement}
      </p>
      {failure && (
        <p role="alert" class="error">
          {failure}
        </p>
      )}
    </>
  );
}
