import { BadRequestException } from '@nestjs/common';
import { SafeFetcher } from '@docs/platform';
import { fetch as undiciFetch } from 'undici';
import { fetchFailure, sourceTooLarge } from './import-limit-error';

export interface SourceBytes {
  /** The URL the bytes came from (after redirects); for data: URLs a `file:///` name. */
  url: string;
  contentType: string;
  data: Buffer;
}

/**
 * The bytes behind an import's `url`: a `data:` URL is decoded here (undici's WHATWG data: URL
 * processing), anything else is fetched by the SafeFetcher. Both are bounded by `maxBytes`.
 */
export async function readSourceBytes(url: string, fetcher: SafeFetcher, maxBytes: number, accept?: string): Promise<SourceBytes> {
  if (/^data:/i.test(url)) return decodeDataUrl(url, maxBytes);
  try {
    const fetched = await fetcher.get(url, { maxBytes, headers: accept ? { accept } : undefined });
    return { url: fetched.url, contentType: fetched.contentType, data: fetched.body };
  } catch (error) {
    throw fetchFailure(error);
  }
}

export async function decodeDataUrl(url: string, maxBytes: number): Promise<SourceBytes> {
  // base64 is 4 characters per 3 bytes: refuse before decoding what cannot fit.
  if (url.length > Math.ceil(maxBytes / 3) * 4 + 1024) throw sourceTooLarge(`The data: URL is larger than the limit of ${maxBytes} bytes (IMPORT_MAX_BYTES).`);
  let response: Response;
  try {
    response = (await undiciFetch(url)) as unknown as Response;
  } catch {
    throw new BadRequestException('url: the data: URL is malformed.');
  }
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length > maxBytes) throw sourceTooLarge(`The data: URL is larger than the limit of ${maxBytes} bytes (IMPORT_MAX_BYTES).`);
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  return { url: 'file:///', contentType, data };
}

