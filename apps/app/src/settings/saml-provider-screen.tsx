import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, listAll } from '../api/client';
import type { Organization, SamlProvider, Team } from '../api/types';
import { useResource } from '../api/use-resource';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CopyButton } from '../components/copy-button';
import { Notice, NoticeLines } from '../components/notice';
import { Status } from '../components/status';
import { providerStatus } from './saml-provider-fields';
import { SamlProviderForm } from './saml-provider-form';
import { SettingsFrame } from './settings-frame';
import { settingsHref } from './settings-nav';

/** `/o/{organizationId}/settings/sso/{providerId}`. */
export function SamlProviderScreen({ organizationId, providerId }: { organizationId: string; providerId: string }) {
  const provider = useResource(`saml-provider:${providerId}`, () => api.get<SamlProvider>(`/v1/orgs/${organizationId}/saml/${providerId}`));
  return (
    <SettingsFrame organizationId={organizationId} current="sso" title={provider.data?.label ?? 'SAML provider'}>
      {(organization) =>
        organization.permissions.admin ? (
          <>
            <p>
              <a href={settingsHref(organizationId, 'sso')}>All SAML providers</a>
            </p>
            <Status resource={provider} what="the SAML provider" />
            {provider.data && <ProviderPanel organization={organization} provider={provider.data} onSaved={provider.reload} />}
          </>
        ) : (
          <p class="hint">Only admins can set up single sign-on.</p>
        )
      }
    </SettingsFrame>
  );
}

/** What the identity provider needs from us, the provider's own settings, and "Delete provider". */
function ProviderPanel({ organization, provider, onSaved }: { organization: Organization; provider: SamlProvider; onSaved: () => Promise<void> }) {
  const { route } = useLocation();
  const path = `/v1/orgs/${organization.id}/saml/${provider.id}`;
  const teams = useResource(`teams:${organization.id}`, () => listAll<Team>(`/v1/orgs/${organization.id}/teams`));
  const [notice, setNotice] = useState<Notice>();
  const [deleting, setDeleting] = useState(false);
  const values = [
    { name: 'Entity ID (metadata URL)', what: 'entity ID', value: provider.service.entityID, hint: 'Serves our metadata: many identity providers read everything from it.' },
    { name: 'ACS URL', what: 'ACS URL', value: provider.service.acsURL, hint: 'Assertion consumer service (HTTP-POST), also called the reply or single sign-on URL.' },
    { name: 'Start URL', what: 'start URL', value: provider.service.startURL, hint: 'Where a sign-in with this provider starts: a link for a portal or a bookmark.' },
  ];
  return (
    <>
      <p>
        Status: <span class="badge">{providerStatus(provider)}</span>
      </p>
      <NoticeLines notice={notice} />
      <section aria-labelledby="service-provider-title">
        <h2 id="service-provider-title">For your identity provider</h2>
        <p>
          Give your identity provider these values, and have it send the person's email address as the NameID (format emailAddress) or as an <code>email</code> attribute.
        </p>
        <dl class="service-values">
          {values.map(({ name, what, value, hint }) => [
            <dt key={`${what}-name`}>{name}</dt>,
            <dd key={`${what}-value`}>
              <code>{value}</code> <CopyButton value={value} what={what} />
              <p class="hint">{hint}</p>
            </dd>,
          ])}
        </dl>
      </section>
      <section aria-labelledby="identity-provider-title">
        <h2 id="identity-provider-title">Identity provider</h2>
        {teams.data && (
          <SamlProviderForm
            key={`${provider.id}:${provider.label}:${provider.ssoURL}:${provider.entityID}:${provider.certificate.length}:${provider.defaultRole}:${provider.defaultTeam?.id}`}
            provider={provider}
            teams={teams.data}
            submit="Save"
            onSubmit={async (body) => {
              await api.patch(path, body);
              await onSaved();
              setNotice({ text: `${String(body['label'] ?? provider.label)} is saved.` });
            }}
          />
        )}
      </section>
      <button type="button" class="secondary" onClick={() => setDeleting(true)}>
        Delete provider
      </button>
      {deleting && (
        <ConfirmDialog
          title={`Delete the SAML provider ${provider.label}?`}
          confirm="Delete provider"
          onConfirm={async () => {
            await api.delete(path);
            route(settingsHref(organization.id, 'sso'));
          }}
          onClose={() => setDeleting(false)}
        >
          <p>Nobody can sign in with it any more. Members stay; they sign in with a password (“Forgot password?” on the sign-in page sets one).</p>
        </ConfirmDialog>
      )}
    </>
  );
}
