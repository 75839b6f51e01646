/**
 * The app's only way to the server: the API over HTTP (`/v1`), with the session cookie of the
 * person signed in (same origin: the browser sends it, and the API's check against cross-site
 * writes passes because the page is ours). Errors carry the API's status and message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** Where the browser goes when the session has ended: the sign-in page, then back here. */
export function signInAgain(): void {
  location.assign(`/auth/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`);
}

export async function apiRequest<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 401) {
    signInAgain();
    throw new ApiError(401, 'The session has ended: sign in again.');
  }
  const text = await res.text();
  const parsed = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const message = (parsed as { error?: { message?: string } } | undefined)?.error?.message ?? `${res.status} ${res.statusText}`;
    throw new ApiError(res.status, message);
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export const api = {
  get: async <T>(path: string) => (await apiRequest<T>('GET', path)).body,
  post: async <T>(path: string, body?: unknown) => (await apiRequest<T>('POST', path, body ?? {})).body,
  patch: async <T>(path: string, body: unknown, headers?: Record<string, string>) => (await apiRequest<T>('PATCH', path, body, headers)).body,
  put: async <T>(path: string, body: unknown) => (await apiRequest<T>('PUT', path, body)).body,
  delete: async (path: string) => {
    await apiRequest<unknown>('DELETE', path);
  },
};

/** Every item of a list, following `next.page` (lists are short here: a space's pages come as one tree). */
export async function listAll<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let page: string | undefined;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await api.get<{ items: T[]; next?: { page: string } }>(`${path}${separator}limit=1000${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    items.push(...answer.items);
    page = answer.next?.page;
  } while (page);
  return items;
}
