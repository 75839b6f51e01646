import { useState } from 'preact/hooks';
import { api } from '../api/client';
import type { Site } from '../api/types';
import { useResource } from '../api/use-resource';
import { ActionStatus, useAction } from '../components/action-status';
import { Status } from '../components/status';
import { Visibility, VISIBILITIES } from './visibility';

interface PublishingAuth {
  privateKey: string;
  fallbackURL?: string;
}

/**
 * A site's title, basename (its address under the published sites' URL) and visibility, saved
 * together by "Save settings"; with visitor authentication, the key your backend signs visitor
 * tokens with and where visitors without one are sent.
 */
export function SiteSettings({ base, site, onSaved }: { base: string; site: Site; onSaved: () => void }) {
  const [visibility, setVisibility] = useState<Visibility>(site.visibility);
  const { state, run } = useAction();
  const auth = useResource(visibility === 'visitor-auth' ? `publishing-auth:${base}` : null, () => api.get<PublishingAuth>(`${base}/publishing/auth`));
  return (
    <section class="panel" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <form
        class="inline-form"
        aria-labelledby="settings-heading"
        onSubmit={async (event) => {
          event.preventDefault();
          if (state.busy) return;
          const data = new FormData(event.currentTarget);
          const title = String(data.get('title') ?? '').trim();
          const basename = String(data.get('basename') ?? '').trim();
          const change: Record<string, string> = {};
          if (title !== site.title) change.title = title;
          if (basename && basename !== (site.basename ?? '')) change.basename = basename;
          if (visibility !== site.visibility) change.visibility = visibility;
          await run(async () => {
            if (Object.keys(change).length > 0) await api.patch<Site>(base, change);
            if (visibility === 'visitor-auth' && data.has('fallbackURL')) {
              const fallbackURL = String(data.get('fallbackURL')).trim();
              if (fallbackURL !== (auth.data?.fallbackURL ?? '')) await api.patch(`${base}/publishing/auth`, { backend: 'custom', fallbackURL: fallbackURL || null });
            }
            onSaved();
          }, 'Settings saved.');
        }}
      >
        <label>
          Title <input name="title" required minLength={2} maxLength={128} defaultValue={site.title} />
        </label>
        <label>
          Basename <input name="basename" maxLength={100} pattern="[A-Za-z0-9][A-Za-z0-9._~\-]*" defaultValue={site.basename ?? ''} aria-describedby="basename-help" />
        </label>
        <p id="basename-help" class="help">
          The last part of the site’s address (letters, digits, “.”, “_”, “~” and “-”); without one, the site’s id.
        </p>
        <fieldset>
          <legend>Visibility</legend>
          {VISIBILITIES.map((option) => (
            <label class="check" key={option.value}>
              <input type="radio" name="visibility" value={option.value} checked={visibility === option.value} onChange={() => setVisibility(option.value)} aria-describedby={`visibility-${option.value}`} />{' '}
              {option.label}
              <span id={`visibility-${option.value}`} class="help">
                {' '}
                {option.description}
              </span>
            </label>
          ))}
        </fieldset>
        {visibility === 'visitor-auth' && (
          <fieldset>
            <legend>Visitor authentication</legend>
            <Status resource={auth} what="the signing key" />
            {auth.data && (
              <>
                <label>
                  Signing key <input readOnly value={auth.data.privateKey} aria-describedby="signing-key-help" />
                </label>
                <p id="signing-key-help" class="help">
                  Your backend signs each visitor’s token (HS256, with an expiry) with this key; visitors open the site with <code>?jwt_token=</code> and the token.
                </p>
                <label>
                  Fallback URL <input name="fallbackURL" type="url" maxLength={2048} defaultValue={auth.data.fallbackURL ?? ''} aria-describedby="fallback-help" />
                </label>
                <p id="fallback-help" class="help">
                  Where visitors without a valid token go (your sign-in page); empty: they get a page saying they cannot read the site.
                </p>
              </>
            )}
          </fieldset>
        )}
        <div class="form-actions">
          <button type="submit" aria-disabled={state.busy}>
            Save settings
          </button>
        </div>
        <ActionStatus state={state} />
      </form>
    </section>
  );
}
