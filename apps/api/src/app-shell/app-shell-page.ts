import escapeHtml from 'escape-html';

/**
 * The page every `urls.app` opens for a person signed in, until the app (apps/app) replaces it:
 * the object's kind and name, read by the script through the API, and an "Account" menu with
 * "Sign out" and "Sign out everywhere". Everything works from the keyboard; the sign-out forms
 * need no script.
 */
export function appShellPage(email: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Docs</title>
<style>
:root{color-scheme:light dark;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{display:flex;justify-content:space-between;align-items:center;padding:.75rem 1.5rem;border-bottom:1px solid #d1d9e0}
main{padding:2rem 1.5rem}
.account{position:relative}
#account-menu{position:absolute;right:0;top:2.75rem;min-width:14rem;padding:.5rem;border:1px solid #d1d9e0;border-radius:.5rem;background:Canvas;display:grid;gap:.25rem}
#account-menu[hidden]{display:none}
#account-menu form{margin:0}
#account-menu button{width:100%;text-align:left}
button{font:inherit;padding:.5rem .75rem;border:1px solid #d1d9e0;border-radius:.5rem;background:Canvas;color:CanvasText;cursor:pointer}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
#object-kind{color:#59636e;margin:0}
</style>
</head>
<body>
<header>
<a href="/">Docs</a>
<div class="account">
<button type="button" id="account-button" aria-haspopup="true" aria-expanded="false" aria-controls="account-menu">Account</button>
<div id="account-menu" role="group" aria-label="Account" hidden>
<p>${escapeHtml(email)}</p>
<form method="post" action="/auth/sign-out"><button type="submit">Sign out</button></form>
<form method="post" action="/auth/sign-out-everywhere"><button type="submit">Sign out everywhere</button></form>
</div>
</div>
</header>
<main>
<p id="object-kind"></p>
<h1 id="object-name">Docs</h1>
</main>
<script src="/app-shell.js" defer></script>
</body>
</html>`;
}

export const APP_SHELL_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
};
