import { appObjectOf } from './app-object-path';

/**
 * The app shell's script (served as /app-shell.js): names the object of the URL by reading it
 * through the API with the session cookie, and opens and closes the "Account" menu from the
 * keyboard as from the mouse (Escape closes it and gives the focus back to its button).
 */
export const APP_SHELL_SCRIPT = `'use strict';
const appObjectOf = ${appObjectOf.toString()};
(async () => {
  const heading = document.getElementById('object-name');
  const kind = document.getElementById('object-kind');
  const found = appObjectOf(location.pathname);
  if (!found) {
    const res = await fetch('/v1/user', { credentials: 'same-origin' });
    if (res.ok) heading.textContent = 'Signed in as ' + (await res.json()).displayName;
    return;
  }
  kind.textContent = found.kind;
  const res = await fetch(found.api, { credentials: 'same-origin' });
  if (res.status === 401) { location.href = '/auth/sign-in?next=' + encodeURIComponent(location.pathname + location.search); return; }
  const body = await res.json();
  heading.textContent = res.ok ? String(body[found.nameField]) : body.error.message;
  document.title = heading.textContent + ' · Docs';
})();
const button = document.getElementById('account-button');
const menu = document.getElementById('account-menu');
function setOpen(open) {
  button.setAttribute('aria-expanded', String(open));
  menu.hidden = !open;
  if (open) menu.querySelector('button').focus();
}
button.addEventListener('click', () => setOpen(menu.hidden));
menu.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') { setOpen(false); button.focus(); }
});
`;
