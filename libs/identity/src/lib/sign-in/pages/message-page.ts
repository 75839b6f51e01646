import { html } from './html';
import { alert, layout } from './layout';

/** A dead end with a way out: an expired link, a refused SAML response. */
export function messagePage(title: string, message: string, link: { href: string; label: string } = { href: '/auth/sign-in', label: 'Sign in' }): string {
  return layout(title, html`${alert(message)}<p class="links"><a href="${link.href}">${link.label}</a></p>`);
}
