/** What the browser reads when a response fails a check: never which one (the log says). */
export const UNVERIFIED_ANSWER = "The identity provider's answer could not be verified.";
export const NO_EMAIL_ANSWER = "The identity provider's answer did not say which email address you sign in with.";
export const OTHER_ORGANIZATION_ANSWER = 'This account belongs to another organization too, so this identity provider cannot sign it in. Sign in with your password.';
export const NOT_SIGNED_IN_ANSWER = 'The identity provider did not sign you in.';

/**
 * A SAML response that signs no one in: `reason` is for the log (which check, in node-saml's words
 * or ours), `shown` for the browser. `email` is the person the response was about when its
 * signature checked out (so a refusal of a known member can be an event), undefined otherwise.
 */
export class SamlRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly shown: string = UNVERIFIED_ANSWER,
    readonly email?: string,
  ) {
    super(reason);
  }

  about(email: string | undefined): SamlRefusal {
    return new SamlRefusal(this.reason, this.shown, email);
  }
}
