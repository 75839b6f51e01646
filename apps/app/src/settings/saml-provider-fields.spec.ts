import type { SamlProvider } from '../api/types';
import { fieldsOf, samlProviderBody, samlProviderProblems } from './saml-provider-fields';

const CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';

/** A provider as the API answers it; pending ones read about:blank and empty strings. */
const provider = (fields: Partial<SamlProvider>): SamlProvider =>
  ({ object: 'saml-provider', id: 'p1', label: 'Okta', ssoURL: 'about:blank', entityID: '', certificate: '', defaultRole: 'read', status: 'pending', ...fields }) as SamlProvider;

describe('the SAML provider form', () => {
  it('starts from the API defaults for a new provider, and reads a pending one without its placeholders', () => {
    expect(fieldsOf()).toEqual({ label: '', entityID: '', ssoURL: '', certificate: '', defaultRole: 'read', defaultTeam: '' });
    expect(fieldsOf(provider({ defaultRole: null }))).toEqual({ label: 'Okta', entityID: '', ssoURL: '', certificate: '', defaultRole: 'guest', defaultTeam: '' });
  });

  it('sends every field given when adding, trimmed, a certificate pasted from Windows with \\n', () => {
    const body = samlProviderBody({
      label: ' Okta ',
      entityID: 'http://www.okta.com/exk1 ',
      ssoURL: 'https://example.okta.com/sso ',
      certificate: `\r\n${CERTIFICATE.replace(/\n/g, '\r\n')}\r\n`,
      defaultRole: 'edit',
      defaultTeam: 't1',
    });
    expect(body).toEqual({ label: 'Okta', entityID: 'http://www.okta.com/exk1', ssoURL: 'https://example.okta.com/sso', certificate: CERTIFICATE, defaultRole: 'edit', defaultTeam: 't1' });
    // Only a name: a pending provider, with the role chosen in the form.
    expect(samlProviderBody({ ...fieldsOf(), label: 'Later' })).toEqual({ label: 'Later', defaultRole: 'read' });
  });

  it('sends only what changed when editing; no team any more is null, a guest role null', () => {
    const before = provider({ entityID: 'idp', ssoURL: 'https://idp.test/sso', certificate: CERTIFICATE, defaultTeam: { id: 't1' } as SamlProvider['defaultTeam'] });
    expect(samlProviderBody(fieldsOf(before), before)).toEqual({});
    expect(samlProviderBody({ ...fieldsOf(before), ssoURL: 'https://idp.test/sso2', defaultTeam: '', defaultRole: 'guest' }, before)).toEqual({
      ssoURL: 'https://idp.test/sso2',
      defaultTeam: null,
      defaultRole: null,
    });
  });

  it('names the fields that cannot be sent as they are', () => {
    expect(samlProviderProblems({ ...fieldsOf(), label: ' ' })).toEqual(['Name is required.']);
    expect(samlProviderProblems({ ...fieldsOf(), label: 'x'.repeat(31), ssoURL: 'idp.example.com/sso', certificate: 'MIIB' })).toEqual([
      'Name must be at most 30 characters.',
      'SSO URL must be an absolute http(s) URL, such as https://idp.example.com/sso.',
      'Certificate must be the PEM text, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
    ]);
    expect(samlProviderProblems({ ...fieldsOf(), label: 'Okta', ssoURL: 'javascript:alert(1)' })).toHaveLength(1);
    const before = provider({ entityID: 'idp', ssoURL: 'https://idp.test/sso', certificate: CERTIFICATE });
    expect(samlProviderProblems({ ...fieldsOf(before), certificate: '' }, before)).toEqual(['Certificate cannot be emptied once set: change it, or delete the provider.']);
    expect(samlProviderProblems(fieldsOf(before), before)).toEqual([]);
  });
});
