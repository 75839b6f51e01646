import { randomBytes } from 'node:crypto';
import escapeHtml from 'escape-html';
import { SamlLib } from 'samlify';
import { TEST_IDP_CERTIFICATE, TEST_IDP_PRIVATE_KEY } from './test-certificate';

/**
 * SAML responses written by hand and signed with samlify (xml-crypto underneath), never with
 * node-saml: the product's verifier must accept what another library signs, and refuse what an
 * attacker can make of it.
 */
export interface CraftedAssertion {
  /** The NameID's value (an address, unless `nameIdFormat` says otherwise). */
  nameId: string;
  nameIdFormat?: string;
  issuer: string;
  audience: string;
  /** The ACS URL (Destination and Recipient). */
  recipient: string;
  inResponseTo?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  assertionId?: string;
  attributes?: Record<string, string>;
}

export const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const TRANSIENT_FORMAT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

export const ASSERTION_XPATH = "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";

export const samlId = (): string => `_${randomBytes(20).toString('hex')}`;

/** An assertion element, unsigned; valid from a minute ago for five minutes unless told otherwise. */
export function assertionXml(a: CraftedAssertion): string {
  const now = new Date();
  const notBefore = a.notBefore ?? new Date(now.getTime() - 60_000);
  const notOnOrAfter = a.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const inResponseTo = a.inResponseTo ? ` InResponseTo="${escapeHtml(a.inResponseTo)}"` : '';
  const attributes = Object.entries(a.attributes ?? {})
    .map(([name, value]) => `<saml:Attribute Name="${escapeHtml(name)}"><saml:AttributeValue>${escapeHtml(value)}</saml:AttributeValue></saml:Attribute>`)
    .join('');
  return (
    `<saml:Assertion xmlns:saml="${ASSERTION}" ID="${a.assertionId ?? samlId()}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${escapeHtml(a.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="${a.nameIdFormat ?? EMAIL_FORMAT}">${escapeHtml(a.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter.toISOString()}" Recipient="${escapeHtml(a.recipient)}"${inResponseTo}/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore.toISOString()}" NotOnOrAfter="${notOnOrAfter.toISOString()}">` +
    `<saml:AudienceRestriction><saml:Audience>${escapeHtml(a.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${samlId()}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
    `</saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    `</saml:Assertion>`
  );
}

/** A successful response around `assertions` (usually one), unsigned. */
export function responseXml(a: Pick<CraftedAssertion, 'issuer' | 'recipient' | 'inResponseTo'>, ...assertions: string[]): string {
  const inResponseTo = a.inResponseTo ? ` InResponseTo="${escapeHtml(a.inResponseTo)}"` : '';
  return (
    `<samlp:Response xmlns:samlp="${PROTOCOL}" xmlns:saml="${ASSERTION}" ID="${samlId()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escapeHtml(a.recipient)}"${inResponseTo}>` +
    `<saml:Issuer>${escapeHtml(a.issuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertions.join('') +
    `</samlp:Response>`
  );
}

/** A response saying the person was not signed in (the IdP's error, unsigned as many send it). */
export function failedResponseXml(a: Pick<CraftedAssertion, 'issuer' | 'recipient'>): string {
  return (
    `<samlp:Response xmlns:samlp="${PROTOCOL}" xmlns:saml="${ASSERTION}" ID="${samlId()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escapeHtml(a.recipient)}">` +
    `<saml:Issuer>${escapeHtml(a.issuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:AuthnFailed"/></samlp:StatusCode></samlp:Status>` +
    `</samlp:Response>`
  );
}

export interface SigningKey {
  privateKey: string;
  certificate: string;
}

export const TEST_IDP_KEY: SigningKey = { privateKey: TEST_IDP_PRIVATE_KEY, certificate: TEST_IDP_CERTIFICATE };

/** Signs the response's assertion (an enveloped signature after its Issuer, as IdPs place it). */
export function signAssertion(response: string, key: SigningKey = TEST_IDP_KEY): string {
  return sign(response, ASSERTION_XPATH, `${ASSERTION_XPATH}/*[local-name(.)='Issuer']`, key);
}

/** Signs the whole response (an enveloped signature after its Issuer). */
export function signResponse(response: string, key: SigningKey = TEST_IDP_KEY): string {
  return sign(response, "/*[local-name(.)='Response']", "/*[local-name(.)='Response']/*[local-name(.)='Issuer']", key);
}

/** As the ACS receives it: base64 of the XML. */
export const encoded = (xml: string): string => Buffer.from(xml, 'utf8').toString('base64');

/** A NameID that is no address (the address comes from an attribute then). */
export const TRANSIENT_NAME_ID = { nameIdFormat: TRANSIENT_FORMAT, nameId: '_transient-3f9a' };

function sign(xml: string, reference: string, after: string, key: SigningKey): string {
  return SamlLib.constructSAMLSignature({
    rawSamlMessage: xml,
    referenceTagXPath: reference,
    privateKey: key.privateKey,
    signingCert: certificateBody(key.certificate),
    signatureAlgorithm: RSA_SHA256,
    isBase64Output: false,
    signatureConfig: { prefix: 'ds', location: { reference: after, action: 'after' } },
  });
}

function certificateBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}
