import { html } from './html';
import { alert, layout, notice } from './layout';

/** Ask for a reset link; once asked, the same words whether the address has an account or not. */
export function forgotPasswordPage(page: { next: string; sent?: boolean; error?: string }): string {
  const back = html`<p class="links"><a href="/auth/sign-in${page.next === '/' ? '' : `?next=${encodeURIComponent(page.next)}`}">Back to sign in</a></p>`;
  if (page.sent) {
    return layout(
      'Check your email',
      html`${notice('If an account uses this address, a link to choose a new password is on its way. It works for one hour.')}${back}`,
    );
  }
  return layout(
    'Forgot password?',
    html`${alert(page.error)}<p>Enter the email you sign in with: we will send you a link to choose a new password.</p>
<form method="post" action="/auth/forgot-password">
<input type="hidden" name="next" value="${page.next}">
<label>Email <input type="email" name="email" autocomplete="username" required autofocus></label>
<button type="submit">Send link</button>
</form>${back}`,
  );
}
