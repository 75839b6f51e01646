import { useState } from 'preact/hooks';
import type { SamlProvider, Team } from '../api/types';
import { ROLE_CHOICES } from './roles';
import { fieldsOf, SamlProviderFields, samlProviderBody, samlProviderProblems } from './saml-provider-fields';

interface SamlProviderFormProps {
  /** Absent: a new provider. */
  provider?: SamlProvider;
  /** The organization's teams, for "Default team". */
  teams: Team[];
  /** The submit button's name: "Add provider", "Save". */
  submit: string;
  /** Sends the body (only what changed, for an existing provider). */
  onSubmit: (body: Record<string, unknown>) => Promise<void>;
}

/**
 * The identity provider's side of a SAML provider: its entity ID, sign-in URL and signing
 * certificate (from its metadata or admin console), and what people who sign in with it for the
 * first time get: a role, a team.
 */
export function SamlProviderForm({ provider, teams, submit, onSubmit }: SamlProviderFormProps) {
  const [fields, setFields] = useState<SamlProviderFields>(() => fieldsOf(provider));
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const id = provider?.id ?? 'new';
  const field = (name: keyof SamlProviderFields) => ({
    name,
    id: `saml-${id}-${name}`,
    value: fields[name],
    onInput: (event: Event) => setFields({ ...fields, [name]: (event.currentTarget as HTMLInputElement).value }),
  });
  return (
    <form
      class="settings-form saml-form"
      // The problems are named in the form's own words (the browser's bubbles say less, and only one at a time).
      noValidate
      aria-label={provider ? `Identity provider of ${provider.label}` : 'New SAML provider'}
      onSubmit={async (event) => {
        event.preventDefault();
        const found = samlProviderProblems(fields, provider);
        setProblems(found);
        if (found.length > 0) return;
        const body = samlProviderBody(fields, provider);
        if (provider && Object.keys(body).length === 0) return setProblems(['Nothing changed.']);
        setBusy(true);
        try {
          await onSubmit(body);
        } catch (failure) {
          setProblems([(failure as Error).message]);
        } finally {
          setBusy(false);
        }
      }}
    >
      <label for={`saml-${id}-label`}>Name</label>
      <input {...field('label')} maxLength={30} required aria-describedby={`saml-${id}-label-hint`} />
      <p id={`saml-${id}-label-hint`} class="hint">
        The sign-in page offers “Sign in with” this name.
      </p>
      <label for={`saml-${id}-entityID`}>Identity provider entity ID</label>
      <input {...field('entityID')} maxLength={1024} autocomplete="off" spellcheck={false} />
      <label for={`saml-${id}-ssoURL`}>SSO URL</label>
      <input {...field('ssoURL')} type="url" maxLength={2048} autocomplete="off" spellcheck={false} aria-describedby={`saml-${id}-sso-hint`} />
      <p id={`saml-${id}-sso-hint`} class="hint">
        Where the identity provider signs people in (its HTTP-Redirect single sign-on URL).
      </p>
      <label for={`saml-${id}-certificate`}>Certificate</label>
      <textarea {...field('certificate')} rows={6} spellcheck={false} aria-describedby={`saml-${id}-certificate-hint`} />
      <p id={`saml-${id}-certificate-hint`} class="hint">
        The identity provider's signing certificate, PEM: from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.
      </p>
      <label for={`saml-${id}-defaultRole`}>Default role</label>
      <select {...field('defaultRole')} aria-describedby={`saml-${id}-defaults-hint`}>
        {ROLE_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <label for={`saml-${id}-defaultTeam`}>Default team</label>
      <select {...field('defaultTeam')} aria-describedby={`saml-${id}-defaults-hint`}>
        <option value="">No team</option>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.title}
          </option>
        ))}
      </select>
      <p id={`saml-${id}-defaults-hint`} class="hint">
        What someone new to the organization gets when they first sign in with this provider; members keep their role.
      </p>
      {problems.length > 0 && (
        <div role="alert" class="error">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      <div class="form-row">
        <button type="submit" disabled={busy}>
          {submit}
        </button>
      </div>
    </form>
  );
}
