import { CacheProvider, Profile, SAML, SamlConfig, ValidateInResponseTo } from '@node-saml/node-saml';
import type { SamlServiceDto } from './dto/saml-provider.dtos';
import type { ConfiguredSamlProvider } from './saml-provider.presenter';
import { SAML_REQUEST_AGE_UNCHECKED } from './saml-request-cache';

/** How far the identity provider's clock may be from ours when NotBefore and NotOnOrAfter are read. */
export const SAML_CLOCK_SKEW_MS = 2 * 60 * 1000;

export const EMAIL_ADDRESS_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/**
 * node-saml as this installation's service provider for one identity provider: our entity id and
 * ACS URL from `service`, the provider's SSO URL and certificate. A response is accepted when the
 * response or its one assertion carries a valid signature by that certificate (node-saml keeps
 * only what the signature covers, which defeats the signature-wrapping forms), its audience is our
 * entity id, its NotBefore and NotOnOrAfter hold within SAML_CLOCK_SKEW_MS, and its
 * `InResponseTo`, when present, names an outstanding request (`cache`); a response without one is
 * an IdP-initiated sign-in. What node-saml leaves to us (issuer, replays, who it is) is checked by
 * SamlSignInService.
 */
export class ServiceProviderSaml extends SAML {
  /** The assertion whose signature checked out, once one has: set even when a later check refuses it. */
  signedAssertion: string | undefined;

  static forProvider(provider: ConfiguredSamlProvider, service: SamlServiceDto, cache: CacheProvider): ServiceProviderSaml {
    return new ServiceProviderSaml({
      issuer: service.entityID,
      audience: service.entityID,
      callbackUrl: service.acsURL,
      entryPoint: provider.ssoUrl,
      idpCert: provider.certificate,
      // Either signature will do: the response's covers its assertion.
      wantAuthnResponseSigned: false,
      wantAssertionsSigned: false,
      identifierFormat: EMAIL_ADDRESS_NAME_ID,
      // Asking for one way of authenticating makes some providers fail (passwordless, MFA).
      disableRequestedAuthnContext: true,
      acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
      validateInResponseTo: ValidateInResponseTo.ifPresent,
      requestIdExpirationPeriodMs: SAML_REQUEST_AGE_UNCHECKED,
      cacheProvider: cache,
      authnRequestBinding: 'HTTP-Redirect',
    });
  }

  private constructor(config: SamlConfig) {
    super(config);
  }

  protected override async processValidlySignedAssertionAsync(
    this: ServiceProviderSaml,
    xml: string,
    samlResponseXml: string,
    inResponseTo: string | null,
  ): Promise<{ profile: Profile; loggedOut: boolean }> {
    this.signedAssertion = xml;
    return super.processValidlySignedAssertionAsync(xml, samlResponseXml, inResponseTo);
  }

  /**
   * The profile of the signed assertion of a refused response (who the refusal was about), read
   * by node-saml without the checks that refused it; undefined when it cannot be read.
   */
  async signedSubject(): Promise<Profile | undefined> {
    if (!this.signedAssertion) return undefined;
    const lenient = new ServiceProviderSaml({ ...this.options, audience: false, acceptedClockSkewMs: -1, validateInResponseTo: ValidateInResponseTo.never });
    try {
      return (await lenient.processValidlySignedAssertionAsync(this.signedAssertion, '', null)).profile;
    } catch {
      return undefined;
    }
  }
}
