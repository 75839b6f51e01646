import { html, SafeHtml } from './html';

/**
 * The frame of every sign-in page: one `main` landmark with the page's heading, a form or a
 * message in it, no script, and styles of its own (the app's are not loaded here). The Content
 * Security Policy of these pages (SIGN_IN_PAGE_HEADERS) allows nothing but this inline style and
 * forms posted to this origin.
 */
export function layout(title: string, content: SafeHtml): string {
  return `<!doctype html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Docs</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${title}</h1>
${content}
</main>
</body>
</html>`}`;
}

/**
 * Security headers of the sign-in pages: no framing (clickjacking), and no referrer to other sites
 * (the URL may hold a link's secret). Not `no-referrer`: with it, browsers send `Origin: null` on
 * the page's own form posts, which the cross-site check must refuse.
 */
export const SIGN_IN_PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
};

/** An alert (read out by screen readers as soon as the page shows it), or nothing. */
export function alert(message: string | undefined): SafeHtml | undefined {
  return message ? html`<p class="alert" role="alert">${message}</p>` : undefined;
}

/** A notice that is not an error. */
export function notice(message: string | undefined): SafeHtml | undefined {
  return message ? html`<p class="notice" role="status">${message}</p>` : undefined;
}

// Sizes in rem, colours with a contrast of at least 4.5:1, a visible focus ring, and dark mode.
const STYLE = new SafeHtml(`
:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#f6f8fa;--card:#fff;--line:#d1d9e0;--accent:#0b57d0;--accent-fg:#fff;--bad:#b3261e;--ok:#116329}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--card:#151b23;--line:#3d444d;--accent:#4493f8;--accent-fg:#0d1117;--bad:#ff7b72;--ok:#3fb950}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(26rem,calc(100% - 2rem));margin:2rem 0;padding:2rem;background:var(--card);border:1px solid var(--line);border-radius:.75rem}
h1{margin:0 0 1.5rem;font-size:1.5rem}
form{display:grid;gap:1rem;margin:0}
label{display:grid;gap:.375rem;font-weight:600}
input{font:inherit;padding:.625rem .75rem;border:1px solid var(--line);border-radius:.5rem;background:var(--card);color:var(--fg)}
button,.button{font:inherit;font-weight:600;padding:.625rem 1rem;border:0;border-radius:.5rem;background:var(--accent);color:var(--accent-fg);cursor:pointer;text-align:center;text-decoration:none;display:block}
.secondary{background:transparent;color:var(--accent);border:1px solid var(--line)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
a{color:var(--accent)}
p{margin:0 0 1rem}
.hint{color:var(--muted);font-weight:400;font-size:.875rem}
.alert{color:var(--bad);font-weight:600}
.notice{color:var(--ok);font-weight:600}
.sso{display:grid;gap:.5rem;margin:1.5rem 0 0;padding:1.5rem 0 0;border-top:1px solid var(--line);list-style:none}
.links{margin:1rem 0 0}
`);
