import { PASSWORD_MIN_LENGTH } from '../../passwords/password-policy';
import { html, SafeHtml } from './html';
import { alert, layout } from './layout';

export interface ChoosePasswordPage {
  title: string;
  /** The page's form target: /auth/password or /auth/invitation. */
  action: string;
  token: string;
  email: string;
  intro?: SafeHtml;
  error?: string;
  /** An invitation also asks for a name. */
  askName?: boolean;
}

/** A new password for the account of a one-time link (the first start's, a reset's, an invitation's). */
export function choosePasswordPage(page: ChoosePasswordPage): string {
  return layout(
    page.title,
    html`${alert(page.error)}${page.intro}
<form method="post" action="${page.action}">
<input type="hidden" name="token" value="${page.token}">
<label>Email <input type="email" name="email" autocomplete="username" value="${page.email}" readonly></label>
${page.askName ? html`<label>Name <input type="text" name="displayName" autocomplete="name" maxlength="100"></label>` : undefined}
<label>New password <span class="hint" id="password-hint">At least ${PASSWORD_MIN_LENGTH} characters; not a common password.</span>
<input type="password" name="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" required aria-describedby="password-hint" autofocus></label>
<button type="submit">Set password</button>
</form>`,
  );
}
