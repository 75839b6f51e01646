import { UnsupportedMediaTypeException } from '@nestjs/common';

/**
 * Programs: refused as files (415). Documentation has no use for them and they are what a
 * malicious upload would be. Recognised by their bytes, whatever the name or declared type.
 */
export const REFUSED_CONTENT_TYPES = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/vnd.microsoft.portable-executable',
  'application/x-sharedlib',
]);

/** Declared types that say nothing about the bytes (curl's default, form posts, "binary"). */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'application/x-www-form-urlencoded', 'multipart/form-data']);

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/**
 * The content type a file is stored with: what its bytes are when recognised (`sniffed`), else
 * the declared type when it is a plausible media type, else `application/octet-stream`.
 * Refused (415): a program, and a declared image type that the bytes are not (a file claiming
 * to be an image must be one, so that `<img src>` shows what it says).
 */
export function decideContentType(sniffed: string | undefined, declaredHeader: string | undefined): string {
  const declared = (declaredHeader ?? '').split(';')[0].trim().toLowerCase();
  if (sniffed && REFUSED_CONTENT_TYPES.has(sniffed)) {
    throw new UnsupportedMediaTypeException(`Programs (${sniffed}) cannot be uploaded as files.`);
  }
  if (declared.startsWith('image/') && declared !== 'image/svg+xml' && sniffed !== declared) {
    throw new UnsupportedMediaTypeException(`The file was sent as ${declared} but its bytes are ${sniffed ?? 'not a recognised format'}.`);
  }
  if (sniffed) return sniffed;
  if (!GENERIC_TYPES.has(declared) && MEDIA_TYPE.test(declared)) return declared;
  return 'application/octet-stream';
}
