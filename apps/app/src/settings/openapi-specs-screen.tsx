import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, listAll } from '../api/client';
import type { OpenApiSpec } from '../api/admin-types';
import type { Organization } from '../api/types';
import { usePolling } from '../api/use-polling';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { OpenApiSpecForm } from './openapi-spec-form';
import { specStateSummary } from './openapi-spec-state';
import { SettingsLayout } from './settings-layout';

/** Where the app shows a spec: the path of its `urls.app`. */
export const specScreenPath = (spec: Pick<OpenApiSpec, 'urls'>): string => new URL(spec.urls.app).pathname;

/**
 * `/o/{organizationId}/settings/openapi`: the organization's OpenAPI specs with where their
 * processing stands (read again while one is processed); from the create role up, a spec is added
 * by URL or by file.
 */
export function OpenApiSpecsScreen({ organizationId }: { organizationId: string }) {
  const { route } = useLocation();
  const organization = useResource(`organization:${organizationId}`, () => api.get<Organization>(`/v1/orgs/${organizationId}`));
  const specs = useResource(`openapi-specs:${organizationId}`, () => listAll<OpenApiSpec>(`/v1/orgs/${organizationId}/openapi`));
  usePolling(specs.data?.some((spec) => !specStateSummary(spec).settled) ?? false, specs.reload, 1500);
  const [adding, setAdding] = useState(false);
  const mayCreate = organization.data?.permissions.createOpenAPISpec === true;
  return (
    <SettingsLayout organizationId={organizationId} current="openapi">
      <h1>OpenAPI specs</h1>
      <p>Specs that pages' OpenAPI blocks name by their slug. The worker processes each new source and keeps a version when the content changed.</p>
      {mayCreate &&
        (adding ? (
          <OpenApiSpecForm
            onCancel={() => setAdding(false)}
            onSubmit={async (fields) => {
              const spec = await api.post<OpenApiSpec>(`/v1/orgs/${organizationId}/openapi`, fields);
              route(specScreenPath(spec));
            }}
          />
        ) : (
          <p>
            <button type="button" onClick={() => setAdding(true)}>
              Add spec
            </button>
          </p>
        ))}
      <Status resource={specs} what="the specs" />
      {specs.data && specs.data.length === 0 && <p>No spec yet.</p>}
      {specs.data && specs.data.length > 0 && (
        <ul class="cards" aria-label="OpenAPI specs">
          {specs.data.map((spec) => (
            <li key={spec.id}>
              <a href={specScreenPath(spec)}>{spec.slug}</a> <span class="badge">{specStateSummary(spec).text}</span>
              <p class="muted wrap">
                {spec.sourceURL ? `From ${spec.sourceURL}` : 'From an uploaded file'}
                {spec.lastProcessedAt && `, processed ${new Date(spec.lastProcessedAt).toLocaleString()}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SettingsLayout>
  );
}
