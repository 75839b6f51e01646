import type { OpenApiSpec } from '../api/admin-types';

/** The API's rule for a spec's slug (`SPEC_SLUG_PATTERN`): lower-case words of letters and digits joined by single hyphens. */
export const SPEC_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SPEC_SLUG_MAX = 100;

/** Why a slug would be refused, or undefined when it is fine. */
export function slugProblem(slug: string): string | undefined {
  if (!slug) return 'Slug is required.';
  if (slug.length > SPEC_SLUG_MAX) return `Slug must be at most ${SPEC_SLUG_MAX} characters.`;
  if (!SPEC_SLUG.test(slug)) return 'Slug must be lower-case letters and digits in words joined by single hyphens (e.g. payments-api).';
  return undefined;
}

/**
 * A slug proposed for a spec from its file name or URL: `Payments API.v2.yaml` -> `payments-api-v2`,
 * `https://x.example/specs/petstore/openapi.json` -> `petstore` (the folder, when the file is only
 * called openapi or swagger). Letters lose their accents; an empty result proposes nothing.
 */
export function slugFromSource(nameOrUrl: string): string {
  let path = nameOrUrl.trim();
  try {
    if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
  } catch {
    // Not a URL after all: the text as it is.
  }
  const parts = path.split('/').filter(Boolean);
  let name = (parts.at(-1) ?? '').replace(/\.(ya?ml|json)$/i, '');
  if (/^(openapi|swagger|spec|api)$/i.test(name) && parts.length > 1) name = parts.at(-2)!;
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SPEC_SLUG_MAX)
    .replace(/-+$/, '');
}

/** Where a spec's processing stands, in words, and whether the screen should look again soon. */
export function specStateSummary(spec: Pick<OpenApiSpec, 'processingState' | 'lastProcessErrorCode' | 'lastVersion'>): { text: string; settled: boolean } {
  if (spec.processingState === 'pending') return { text: 'Waiting to be processed', settled: false };
  if (spec.processingState === 'progress') return { text: 'Processing', settled: false };
  if (spec.lastProcessErrorCode) {
    const what = ERROR_WORDS[spec.lastProcessErrorCode] ?? spec.lastProcessErrorCode;
    return { text: spec.lastVersion ? `Failed (${what}); the last good version stays` : `Failed (${what})`, settled: true };
  }
  return { text: 'Processed', settled: true };
}

const ERROR_WORDS: Record<string, string> = {
  FETCH_ERROR: 'could not fetch it',
  FETCH_TIMEOUT: 'fetching it took too long',
  PARSE_ERROR: 'not a valid OpenAPI document',
};

/**
 * The title and version an OpenAPI document declares (`info.title`, `info.version`), read from a
 * version's content: its `filesystem` maps each file's path to the parsed document, the entry first.
 */
export function specInfo(content: { filesystem: object } | undefined): { title?: string; version?: string; openapi?: string } {
  const files = Object.values((content?.filesystem ?? {}) as Record<string, unknown>);
  const entry = files[0];
  if (typeof entry !== 'object' || entry === null) return {};
  const document = entry as { info?: { title?: unknown; version?: unknown }; openapi?: unknown; swagger?: unknown };
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
  return { title: text(document.info?.title), version: text(document.info?.version), openapi: text(document.openapi ?? document.swagger) };
}
