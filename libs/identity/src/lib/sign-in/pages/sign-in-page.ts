import { html } from './html';
import { alert, layout, notice } from './layout';

export interface SsoChoice {
  label: string;
  /** The provider's start URL (with where to come back to). */
  url: string;
}

export interface SignInPage {
  /** Where to go once signed in (a path of this origin). */
  next: string;
  email?: string;
  error?: string;
  info?: string;
  providers: SsoChoice[];
}

/** Email, password, "Sign in"; "Forgot password?"; one "Sign in with <label>" per SAML provider. */
export function signInPage(page: SignInPage): string {
  const query = page.next === '/' ? '' : `?next=${encodeURIComponent(page.next)}`;
  return layout(
    'Sign in',
    html`${alert(page.error)}${notice(page.info)}
<form method="post" action="/auth/sign-in">
<input type="hidden" name="next" value="${page.next}">
<label>Email <input type="email" name="email" autocomplete="username" required value="${page.email ?? ''}"${page.email ? '' : html` autofocus`}></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required${page.email ? html` autofocus` : ''}></label>
<button type="submit">Sign in</button>
</form>
<p class="links"><a href="/auth/forgot-password${query}">Forgot password?</a></p>
${
  page.providers.length > 0
    ? html`<ul class="sso" aria-label="Single sign-on">${page.providers.map((provider) => html`<li><a class="button secondary" href="${provider.url}">Sign in with ${provider.label}</a></li>`)}</ul>`
    : undefined
}`,
  );
}
