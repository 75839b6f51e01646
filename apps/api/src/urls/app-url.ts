import { pathSegments } from '@docs/sites';

/**
 * What a URL of the app (APP_URL) names, read as the app's router reads it (`apps/app/src/app.tsx`):
 * a collection (`/c/:collectionId`), a space (`/s/:spaceId`, its settings), a page of a space
 * (`/s/:spaceId/:pagePath*`), of a change request (`/s/:spaceId/~/changes/:number/[~/preview/]:pagePath*`)
 * or of a revision (`/s/:spaceId/~/revisions/:revisionId/:pagePath*`), or something else of the
 * app (an organization, a site, settings): `other`.
 */
export type AppUrlTarget =
  | { kind: 'collection'; collectionId: string }
  | { kind: 'space'; spaceId: string; pagePath: string; changeRequest?: string; revision?: string }
  | { kind: 'other' };

/** The target of `url` if it is under APP_URL (`appUrl`), else undefined. */
export function appUrlTarget(url: URL, appUrl: string): AppUrlTarget | undefined {
  const app = new URL(appUrl);
  if (url.host.toLowerCase() !== app.host.toLowerCase()) return undefined;
  const prefix = pathSegments(app.pathname.replace(/\/+$/, '') || '/') ?? [];
  const segments = pathSegments(url.pathname);
  if (!segments || prefix.some((segment, i) => segments[i] !== segment)) return undefined;
  const [first, id, ...rest] = segments.slice(prefix.length);
  if (first === 'c' && id && rest.length === 0) return { kind: 'collection', collectionId: id };
  if (first !== 's' || !id) return { kind: 'other' };
  if (rest[0] !== '~') return { kind: 'space', spaceId: id, pagePath: rest.join('/') };
  const [, section, key, ...after] = rest;
  if (section === 'settings') return { kind: 'space', spaceId: id, pagePath: '' };
  if (section === 'changes' && key) {
    const pagePath = after[0] === '~' && after[1] === 'preview' ? after.slice(2) : after;
    return { kind: 'space', spaceId: id, pagePath: pagePath.join('/'), changeRequest: key };
  }
  if (section === 'revisions' && key) return { kind: 'space', spaceId: id, pagePath: after.join('/'), revision: key };
  return { kind: 'other' };
}
