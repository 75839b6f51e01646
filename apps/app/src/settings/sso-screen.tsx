import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, listAll } from '../api/client';
import type { Organization, SamlProvider, Team } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { providerStatus } from './saml-provider-fields';
import { SamlProviderForm } from './saml-provider-form';
import { SettingsFrame } from './settings-frame';
import { settingsHref } from './settings-nav';

/** `/o/{organizationId}/settings/sso`. */
export function SsoScreen({ organizationId }: { organizationId: string }) {
  return (
    <SettingsFrame organizationId={organizationId} current="sso" title="Single sign-on">
      {(organization) =>
        organization.permissions.admin ? (
          <SamlProviders organization={organization} />
        ) : (
          <p class="hint">Only admins can set up single sign-on. The sign-in page offers the providers they set up.</p>
        )
      }
    </SettingsFrame>
  );
}

/** The organization's SAML providers (the API shows them to admins only), and "New SAML provider". */
function SamlProviders({ organization }: { organization: Organization }) {
  const { route } = useLocation();
  const organizationId = organization.id;
  const providers = useResource(`saml:${organizationId}`, () => listAll<SamlProvider>(`/v1/orgs/${organizationId}/saml`));
  const teams = useResource(`teams:${organizationId}`, () => listAll<Team>(`/v1/orgs/${organizationId}/teams`));
  const [adding, setAdding] = useState(false);
  return (
    <>
      <p>
        People of this organization can sign in through your identity provider (Okta, Entra ID, Keycloak...) with SAML 2.0. Add the provider here, then give it the values this
        app shows for it.
      </p>
      <Status resource={providers} what="the SAML providers" />
      {providers.data?.length === 0 && <p>No SAML provider yet.</p>}
      <ul class="cards settings-list">
        {providers.data?.map((provider) => (
          <li key={provider.id} class="settings-item">
            <a href={settingsHref(organizationId, `sso/${provider.id}`)}>{provider.label}</a>
            <span class="badge">{providerStatus(provider)}</span>
          </li>
        ))}
      </ul>
      {adding ? (
        <section aria-labelledby="new-provider-title">
          <h2 id="new-provider-title">New SAML provider</h2>
          <SamlProviderForm
            teams={teams.data ?? []}
            submit="Add provider"
            onSubmit={async (body) => {
              const provider = await api.post<SamlProvider>(`/v1/orgs/${organizationId}/saml`, body);
              route(settingsHref(organizationId, `sso/${provider.id}`));
            }}
          />
          <button type="button" class="secondary" onClick={() => setAdding(false)}>
            Cancel
          </button>
        </section>
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          New SAML provider
        </button>
      )}
    </>
  );
}
