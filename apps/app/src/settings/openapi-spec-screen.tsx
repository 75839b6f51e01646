import { useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, ApiError, listAll } from '../api/client';
import type { OpenApiSpec, OpenAPISpecContent, OpenAPISpecVersion } from '../api/admin-types';
import { usePolling } from '../api/use-polling';
import { useResource } from '../api/use-resource';
import { ConfirmButton } from '../components/confirm-button';
import { Status } from '../components/status';
import { specInfo, specStateSummary } from './openapi-spec-state';
import { SettingsLayout } from './settings-layout';

const time = (iso: string) => new Date(iso).toLocaleString();

/**
 * `/o/{organizationId}/openapi/{specSlug}`, a spec's `urls.app`: where its processing stands (read
 * again until it settles), the title and version its latest version declares, its versions; for
 * those who may edit it, fetch again, a new file, public or private, delete.
 */
export function OpenApiSpecScreen({ organizationId, specSlug }: { organizationId: string; specSlug: string }) {
  const { route } = useLocation();
  const base = `/v1/orgs/${organizationId}/openapi/${specSlug}`;
  const spec = useResource(`openapi-spec:${organizationId}:${specSlug}`, () => api.get<OpenApiSpec>(base));
  const state = spec.data ? specStateSummary(spec.data) : undefined;
  usePolling(state !== undefined && !state.settled, spec.reload, 1000);
  const latest = spec.data?.lastVersion;
  const versions = useResource(latest ? `openapi-versions:${specSlug}:${latest}` : null, () => listAll<OpenAPISpecVersion>(`${base}/versions`));
  const content = useResource(latest ? `openapi-content:${specSlug}:${latest}` : null, () => api.get<OpenAPISpecContent>(`${base}/versions/latest/content`));
  const info = specInfo(content.data);
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const file = useRef<HTMLInputElement>(null);

  const act = async (what: () => Promise<string>) => {
    setError(undefined);
    setMessage(undefined);
    try {
      setMessage(await what());
      spec.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  const data = spec.data;
  return (
    <SettingsLayout organizationId={organizationId} current="openapi">
      <p class="breadcrumbs">
        <a href={`/o/${organizationId}/settings/openapi`}>OpenAPI specs</a>
      </p>
      {spec.error instanceof ApiError && spec.error.status === 404 ? (
        <p role="alert">No OpenAPI spec of this organization has the slug {specSlug}.</p>
      ) : (
        <Status resource={spec} what="the spec" />
      )}
      {data && state && (
        <>
          <h1>{info.title ?? data.slug}</h1>
          <dl class="facts">
            <dt>Slug</dt>
            <dd>
              <code>{data.slug}</code>
            </dd>
            <dt>Processing</dt>
            <dd>
              <span class="badge" role="status">
                {state.text}
              </span>
            </dd>
            {info.version && (
              <>
                <dt>API version</dt>
                <dd>{info.version}</dd>
              </>
            )}
            {info.openapi && (
              <>
                <dt>OpenAPI</dt>
                <dd>{info.openapi}</dd>
              </>
            )}
            <dt>Source</dt>
            <dd class="wrap">{data.sourceURL ? <a href={data.sourceURL}>{data.sourceURL}</a> : 'An uploaded file'}</dd>
            {data.lastProcessedAt && (
              <>
                <dt>Last processed</dt>
                <dd>{time(data.lastProcessedAt)}</dd>
              </>
            )}
            <dt>Visibility</dt>
            <dd>
              {data.visibility === 'public' ? 'Public' : 'Private'}
              {data.urls.published && (
                <>
                  {' '}
                  (<a href={data.urls.published}>published file</a>)
                </>
              )}
            </dd>
          </dl>
          {data.lastProcessedErrors && data.lastProcessedErrors.length > 0 && (
            <section aria-label="Processing errors">
              <h2>Errors of the last run</h2>
              <ul class="error-list">
                {data.lastProcessedErrors.map((problem, index) => (
                  <li key={index}>
                    {problem.code && <code>{problem.code}</code>} {problem.message}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {data.permissions.edit && (
            <div class="actions">
              {data.sourceURL && (
                <button
                  type="button"
                  onClick={() =>
                    act(async () => {
                      // The same URL again: the API processes the spec again.
                      await api.put<OpenApiSpec>(base, { source: { url: data.sourceURL } });
                      return 'Fetching it again.';
                    })
                  }
                >
                  Fetch again
                </button>
              )}
              <button
                type="button"
                class="secondary"
                onClick={() =>
                  act(async () => {
                    const visibility = data.visibility === 'public' ? 'private' : 'public';
                    await api.patch<OpenApiSpec>(base, { visibility });
                    return visibility === 'public' ? 'The spec is public.' : 'The spec is private.';
                  })
                }
              >
                {data.visibility === 'public' ? 'Make private' : 'Make public'}
              </button>
              <ConfirmButton
                label="Delete"
                question={`Delete the spec ${data.slug} and its versions? Pages' blocks naming it then show only their method and path.`}
                onConfirm={async () => {
                  await api.delete(base);
                  route(`/o/${organizationId}/settings/openapi`);
                }}
              />
            </div>
          )}
          {data.permissions.edit && (
            <form
              class="inline-form admin-form"
              aria-label="Upload a new version"
              onSubmit={(event) => {
                event.preventDefault();
                const chosen = file.current?.files?.[0];
                if (!chosen) return setError('Choose the spec file (YAML or JSON).');
                void act(async () => {
                  await api.put<OpenApiSpec>(base, { source: { text: await chosen.text() } });
                  if (file.current) file.current.value = '';
                  return `${chosen.name} is being processed.`;
                });
              }}
            >
              <label>
                New spec file <input ref={file} type="file" accept=".yaml,.yml,.json,application/json,application/yaml,text/yaml" />
              </label>
              <div class="actions">
                <button type="submit" class="secondary">
                  Upload
                </button>
              </div>
            </form>
          )}
          <p role="status" class="announce">
            {message}
          </p>
          {error && (
            <p role="alert" class="error">
              {error}
            </p>
          )}
          <h2>Versions</h2>
          {!latest && <p>No version yet: one is kept once the spec is processed.</p>}
          <Status resource={versions} what="the versions" />
          {versions.data && (
            <ol class="cards" aria-label="Versions">
              {versions.data.map((version, index) => (
                <li key={version.id}>
                  {version.createdAt ? time(version.createdAt) : version.id}
                  {index === 0 && info.version && ` (API version ${info.version})`}
                  {index === 0 && ' · latest'} · <a href={version.url} aria-label={`Entry file of the version of ${version.createdAt ? time(version.createdAt) : version.id}`}>Entry file</a>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </SettingsLayout>
  );
}
