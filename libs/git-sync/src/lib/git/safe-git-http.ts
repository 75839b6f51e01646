import type { SafeFetcher } from '@docs/platform';
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';

/**
 * isomorphic-git's HTTP client, routed through the project's `SafeFetcher`: every request of a
 * fetch or a push (discovery, upload-pack, receive-pack) passes the address rules
 * (`FETCH_ALLOW_HOSTS`), the timeouts and a byte limit on what comes back.
 */
export function safeGitHttp(fetcher: SafeFetcher, options: { maxBytes: number; signal?: AbortSignal }): HttpClient {
  return {
    async request(request: GitHttpRequest): Promise<GitHttpResponse> {
      const answer = await fetcher.request(request.url, {
        method: request.method === 'POST' ? 'POST' : 'GET',
        headers: request.headers,
        body: request.body ? (request.body as AsyncIterable<Uint8Array>) : undefined,
        maxBytes: options.maxBytes,
        signal: request.signal ?? options.signal,
      });
      return {
        url: answer.url,
        method: request.method,
        statusCode: answer.status,
        statusMessage: answer.statusText,
        headers: answer.headers,
        body: answer.body[Symbol.asyncIterator]() as AsyncIterableIterator<Uint8Array>,
      };
    },
  };
}
