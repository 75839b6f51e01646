import { useEffect, useRef, useState } from 'preact/hooks';
import { api, listAll } from '../api/client';
import type { UserToken } from '../api/types';
import { useResource } from '../api/use-resource';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CopyButton } from '../components/copy-button';
import { Notice, NoticeLines } from '../components/notice';
import { Status } from '../components/status';

/**
 * `/account/tokens`: the person's own API tokens (`/v1/user/tokens`). A new token's value is in
 * the answer that made it only: shown once, with "Copy", and never again.
 */
export function TokensScreen() {
  const tokens = useResource('user-tokens', () => listAll<UserToken>('/v1/user/tokens'));
  const [created, setCreated] = useState<UserToken>();
  const [notice, setNotice] = useState<Notice>();
  const [revoking, setRevoking] = useState<UserToken>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <main id="main" class="page settings">
      <p class="breadcrumbs">Account</p>
      <h1>API tokens</h1>
      <p>
        A token lets a script or an API client act as you, with your permissions: send it as <code>Authorization: Bearer &lt;token&gt;</code>. Revoke a token you no longer use.
      </p>
      <form
        class="settings-form form-row"
        aria-label="New token"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const label = (form.elements.namedItem('label') as HTMLInputElement).value.trim();
          if (!label) return setError('Label is required: say what the token is for.');
          setBusy(true);
          setError(undefined);
          try {
            setCreated(await api.post<UserToken>('/v1/user/tokens', { label }));
            setNotice(undefined);
            form.reset();
            await tokens.reload();
          } catch (failure) {
            setError((failure as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <label>
          Label
          <input name="label" maxLength={100} autocomplete="off" aria-describedby="token-label-hint" aria-invalid={error ? true : undefined} />
        </label>
        <button type="submit" disabled={busy}>
          Create token
        </button>
        <p id="token-label-hint" class="hint">
          What it is for: a script, a machine.
        </p>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
      </form>
      {created?.token && <CreatedToken token={created} onDone={() => setCreated(undefined)} />}
      <NoticeLines notice={notice} />
      <section aria-labelledby="tokens-title">
        <h2 id="tokens-title">Your tokens</h2>
        <Status resource={tokens} what="your tokens" />
        {tokens.data?.length === 0 && <p>You have no token.</p>}
        <ul class="cards settings-list">
          {tokens.data?.map((token) => (
            <li key={token.id} class="settings-item">
              <div class="settings-item-what">
                <strong>{token.label}</strong>
                <span class="muted">
                  {' '}
                  <code>{token.prefix}…</code> · made {new Date(token.createdAt).toLocaleDateString()}
                </span>
                {token.revokedAt && <span class="badge">Revoked {new Date(token.revokedAt).toLocaleDateString()}</span>}
              </div>
              {!token.revokedAt && (
                <button type="button" class="secondary" aria-label={`Revoke ${token.label}`} onClick={() => setRevoking(token)}>
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      {revoking && (
        <ConfirmDialog
          title={`Revoke the token ${revoking.label}?`}
          confirm="Revoke"
          onConfirm={async () => {
            await api.delete(`/v1/user/tokens/${revoking.id}`);
            if (created?.id === revoking.id) setCreated(undefined);
            await tokens.reload();
            setNotice({ text: `The token ${revoking.label} is revoked.` });
          }}
          onClose={() => setRevoking(undefined)}
        >
          <p>What uses it is refused from its next request on. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </main>
  );
}

/** The value of the token just made: the only time it is shown. */
function CreatedToken({ token, onDone }: { token: UserToken; onDone: () => void }) {
  const value = useRef<HTMLInputElement>(null);
  // The focus goes to the value, selected, so that it can be copied from the keyboard at once.
  useEffect(() => value.current?.focus(), [token.id]);
  return (
    <section class="created-token" aria-labelledby="created-token-title">
      <h2 id="created-token-title">Your new token {token.label}</h2>
      <p>Copy it now: it is shown only this once.</p>
      <div class="form-row">
        <label>
          <span class="visually-hidden">New token</span>
          <input
            readOnly
            value={token.token}
            class="token-value"
            spellcheck={false}
            ref={value}
            onFocus={(event) => event.currentTarget.select()}
          />
        </label>
        <CopyButton value={token.token!} what="token" />
        <button type="button" class="secondary" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
