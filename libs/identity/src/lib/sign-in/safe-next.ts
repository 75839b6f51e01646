/**
 * Where to send a browser after signing in: a path of this origin only. An absolute URL, a
 * scheme-relative `//host`, a backslash (which browsers read as a slash) or a control character
 * would send it elsewhere (an open redirect): those give `/`.
 */
export function safeNext(next: unknown): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next) || next.length > 2048) return '/';
  return next;
}
