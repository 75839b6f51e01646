import type { SamlProvider } from '../api/types';
import { choiceOfRole, roleOfChoice } from './roles';

/** What the SAML provider form holds: strings, as its fields do. */
export interface SamlProviderFields {
  label: string;
  /** The identity provider's entity id. */
  entityID: string;
  /** The identity provider's sign-in URL (HTTP-Redirect). */
  ssoURL: string;
  /** Its signing certificate, PEM. */
  certificate: string;
  /** A role choice (`guest` for null). */
  defaultRole: string;
  /** A team id, or '' for none. */
  defaultTeam: string;
}

/** The API reads an unset SSO URL as this (docs/api-decisions.md, "SAML providers and SSO"). */
const UNSET_SSO_URL = 'about:blank';

/** The form's values for a provider; a new one's defaults are the API's (role read, no team). */
export function fieldsOf(provider?: SamlProvider): SamlProviderFields {
  if (!provider) return { label: '', entityID: '', ssoURL: '', certificate: '', defaultRole: 'read', defaultTeam: '' };
  return {
    label: provider.label,
    entityID: provider.entityID,
    ssoURL: provider.ssoURL === UNSET_SSO_URL ? '' : provider.ssoURL,
    certificate: provider.certificate,
    defaultRole: choiceOfRole(provider.defaultRole),
    defaultTeam: provider.defaultTeam?.id ?? '',
  };
}

const NAMES: Record<'entityID' | 'ssoURL' | 'certificate', string> = {
  entityID: 'Identity provider entity ID',
  ssoURL: 'SSO URL',
  certificate: 'Certificate',
};

/** Why the form cannot be sent as it is (the API checks everything again; these name the form's fields). */
export function samlProviderProblems(fields: SamlProviderFields, before?: SamlProvider): string[] {
  const problems: string[] = [];
  const label = fields.label.trim();
  if (!label) problems.push('Name is required.');
  else if ([...label].length > 30) problems.push('Name must be at most 30 characters.');
  const ssoURL = fields.ssoURL.trim();
  if (ssoURL && !isHttpUrl(ssoURL)) problems.push('SSO URL must be an absolute http(s) URL, such as https://idp.example.com/sso.');
  if (fields.certificate.trim() && !fields.certificate.includes('-----BEGIN CERTIFICATE-----')) {
    problems.push('Certificate must be the PEM text, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.');
  }
  if (before) {
    const was = fieldsOf(before);
    for (const key of ['entityID', 'ssoURL', 'certificate'] as const) {
      if (was[key] && !fields[key].trim()) problems.push(`${NAMES[key]} cannot be emptied once set: change it, or delete the provider.`);
    }
  }
  return problems;
}

/**
 * The body that makes the provider (`before` absent: every field given) or changes it (only what
 * differs from `before`, so an unchanged certificate is not sent back). Text is trimmed; a
 * certificate's line endings become \n.
 */
export function samlProviderBody(fields: SamlProviderFields, before?: SamlProvider): Record<string, unknown> {
  const wanted = {
    label: fields.label.trim(),
    entityID: fields.entityID.trim(),
    ssoURL: fields.ssoURL.trim(),
    certificate: fields.certificate.replace(/\r\n?/g, '\n').trim(),
  };
  const body: Record<string, unknown> = {};
  const was = before ? fieldsOf(before) : undefined;
  for (const [key, value] of Object.entries(wanted) as [keyof typeof wanted, string][]) {
    if (value && value !== was?.[key].trim()) body[key] = value;
  }
  if (fields.defaultRole !== was?.defaultRole) body['defaultRole'] = roleOfChoice(fields.defaultRole);
  if (fields.defaultTeam !== (was?.defaultTeam ?? '')) body['defaultTeam'] = fields.defaultTeam || null;
  return body;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.host);
  } catch {
    return false;
  }
}

/** A provider's state in words: people sign in with it only once it is active. */
export function providerStatus(provider: SamlProvider): string {
  return provider.status === 'active' ? 'Active' : 'Pending: not configured yet';
}
