import { apiRequest, ApiError } from '../api/client';
import type { JSONDocument } from '../api/types';

/** A page as the editor holds it: its body and the revision (ETag) it was read at. */
export interface LoadedPage {
  id: string;
  title: string;
  document: JSONDocument;
  etag: string;
}

export type SaveOutcome =
  | { kind: 'saved'; page: LoadedPage }
  /** Someone saved this page first: theirs, to show beside the writer's, who chooses. */
  | { kind: 'conflict'; theirs: LoadedPage };

/** A page of `content` (a space's or a change request's: api/content-paths.ts) with the revision it was read at. */
export async function loadPage(content: string, pageId: string): Promise<LoadedPage> {
  const answer = await apiRequest<{ id: string; title: string; document: JSONDocument }>('GET', `${content}/page/${pageId}?format=document`);
  return { id: answer.body.id, title: answer.body.title, document: answer.body.document, etag: answer.headers.get('ETag') ?? '' };
}

/**
 * Saves a page's body into `content` only if the page has not changed since it was read. The ETag
 * is the content's revision, so a save after anyone changed anything in it gets a 412: the page is
 * read again, and when its body is still the one the writer started from (another page changed),
 * the save is made again on the new revision; when it is not, the writer sees both versions.
 */
export async function savePage(content: string, base: LoadedPage, document: JSONDocument): Promise<SaveOutcome> {
  let etag = base.etag;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const answer = await apiRequest<{ id: string; title: string; document: JSONDocument }>(
        'PATCH',
        `${content}/page/${base.id}?format=document`,
        { document },
        { 'If-Match': etag },
      );
      return { kind: 'saved', page: { id: base.id, title: answer.body.title, document: answer.body.document ?? document, etag: answer.headers.get('ETag') ?? '' } };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 412) throw error;
      const current = await loadPage(content, base.id);
      if (!sameDocument(current.document, base.document)) return { kind: 'conflict', theirs: current };
      etag = current.etag;
    }
  }
  throw new ApiError(412, 'The content keeps changing while saving: try again.');
}

/** Documents compared as data (key order aside). */
export function sameDocument(a: unknown, b: unknown): boolean {
  return stable(a) === stable(b);
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
