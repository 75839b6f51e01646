/**
 * The API resource an app URL shows (the `urls.app` the API hands out), and how to name it:
 * `/o/{org}`, `/o/{org}/sites/{site}`, `/o/{org}/integrations/{name}`, `/c/{collection}`,
 * `/s/{space}`, `/s/{space}/{page path}`, `/s/{space}/~/changes/{number}`,
 * `/s/{space}/~/revisions/{revision}`, `/integrations/{name}`. Pure, so that the server's tests
 * and the page's script agree: the script is this function's source.
 */
export interface AppObject {
  /** What it is, for people: "Space", "Page", "Change request"... */
  kind: string;
  /** The API path (under /v1) to read it with the session. */
  api: string;
  /** The field of the answer that names it. */
  nameField: string;
}

export function appObjectOf(pathname: string): AppObject | null {
  const parts = pathname
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part));
  const enc = (value: string) => encodeURIComponent(value);
  const rest = (from: number) => parts.slice(from).map(enc).join('/');
  const [root, id, kind, sub] = parts;
  if (root === 'o' && id) {
    if (kind === 'sites' && sub) return { kind: 'Site', api: `/v1/orgs/${enc(id)}/sites/${enc(sub)}`, nameField: 'title' };
    if (kind === 'integrations' && sub) return { kind: 'Integration', api: `/v1/integrations/${enc(sub)}`, nameField: 'title' };
    return { kind: 'Organization', api: `/v1/orgs/${enc(id)}`, nameField: 'title' };
  }
  if (root === 'c' && id) return { kind: 'Collection', api: `/v1/collections/${enc(id)}`, nameField: 'title' };
  if (root === 'integrations' && id) return { kind: 'Integration', api: `/v1/integrations/${enc(id)}`, nameField: 'title' };
  if (root === 's' && id) {
    const space = `/v1/spaces/${enc(id)}`;
    if (kind === '~' && sub === 'changes' && parts[4]) return { kind: 'Change request', api: `${space}/change-requests/${enc(parts[4])}`, nameField: 'subject' };
    if (kind === '~' && sub === 'revisions' && parts[4]) return { kind: 'Revision', api: `${space}/revisions/${enc(parts[4])}`, nameField: 'id' };
    if (parts.length > 2) return { kind: 'Page', api: `${space}/content/path/${rest(2)}`, nameField: 'title' };
    return { kind: 'Space', api: space, nameField: 'title' };
  }
  return null;
}
