import type { Profile } from '@node-saml/node-saml';
import { isEmail } from 'class-validator';
import { normalizeEmail } from '../users/users.service';
import { EMAIL_ADDRESS_NAME_ID } from './service-provider-saml';

/** Longest assertion id remembered against replays (ids are ~40 characters; a huge one would bloat the index). */
const MAX_ASSERTION_ID_LENGTH = 256;

/** What a sign-in needs of an assertion node-saml verified, beyond what its profile says directly. */
export interface SignedAssertion {
  id: string;
  /** The end of `Conditions`: until then (and the clock skew) it would pass node-saml's checks. */
  notOnOrAfter: Date;
  /** `InResponseTo` of its subject confirmations (signed, unlike the response's when only the assertion is). */
  subjectInResponseTo: string[];
}

/** An xml2js node (node-saml's parse): attributes under `$`, text under `_`, children as arrays. */
type XmlNode = { $?: Record<string, string>; _?: string } & { [child: string]: XmlNode[] | Record<string, string> | string | undefined };

/** The assertion of a profile node-saml returned, or why it cannot sign anyone in. */
export function readSignedAssertion(profile: Profile): SignedAssertion | { problem: string } {
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  const id = assertion?.$?.['ID'];
  if (!assertion || !id) return { problem: 'the assertion has no ID' };
  if (id.length > MAX_ASSERTION_ID_LENGTH) return { problem: `the assertion ID is longer than ${MAX_ASSERTION_ID_LENGTH} characters` };
  const notOnOrAfter = Date.parse(children(assertion, 'Conditions')[0]?.$?.['NotOnOrAfter'] ?? '');
  if (Number.isNaN(notOnOrAfter)) return { problem: 'the assertion has no Conditions NotOnOrAfter' };
  const subjectInResponseTo = children(assertion, 'Subject')
    .flatMap((subject) => children(subject, 'SubjectConfirmation'))
    .flatMap((confirmation) => children(confirmation, 'SubjectConfirmationData'))
    .map((data) => data.$?.['InResponseTo'])
    .filter((value): value is string => Boolean(value));
  return { id, notOnOrAfter: new Date(notOnOrAfter), subjectInResponseTo };
}

/**
 * The person's address: the NameID when its format is emailAddress, else the first value of an
 * `email` or `mail` attribute (node-saml reads `urn:oid:0.9.2342.19200300.100.1.3` as `mail`),
 * lower-cased; undefined when none is an address.
 */
export function emailOf(profile: Profile): string | undefined {
  const attributes = (profile['attributes'] ?? {}) as Record<string, unknown>;
  const candidates = [
    profile.nameIDFormat === EMAIL_ADDRESS_NAME_ID ? profile.nameID : undefined,
    firstString(attributes['email']),
    firstString(attributes['mail']),
    firstString(attributes['urn:oid:0.9.2342.19200300.100.1.3']),
  ];
  const address = candidates.find((candidate) => candidate !== undefined && candidate.length <= 254 && isEmail(candidate.trim()));
  return address === undefined ? undefined : normalizeEmail(address);
}

function children(node: XmlNode, name: string): XmlNode[] {
  const value = node[name];
  return Array.isArray(value) ? value : [];
}

function firstString(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}
