import { imageSize } from 'image-size';

/** Raster formats an integration's icon and previews may use (no SVG: it can carry scripts). */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Largest decoded image accepted. */
export const MAX_IMAGE_BYTES = 1024 * 1024;

export interface DecodedImage {
  contentType: string;
  data: Buffer;
  width: number;
  height: number;
}

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,(.*)$/is;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * A base64 string, or a `data:<type>;base64,` URL, decoded and checked to be a real PNG, JPEG,
 * GIF or WebP image (its header parsed by `image-size`). Returns the problem as a sentence
 * (to be prefixed with the field's name) when it is not.
 */
export function decodeImage(value: string): DecodedImage | string {
  let declared: string | undefined;
  let base64 = value;
  const dataUrl = DATA_URL.exec(value);
  if (dataUrl) {
    declared = dataUrl[1].toLowerCase();
    base64 = dataUrl[2];
  }
  if (base64.length === 0 || !BASE64.test(base64)) return 'must be base64 (or a base64 data: URL)';
  const data = Buffer.from(base64, 'base64');
  if (data.length > MAX_IMAGE_BYTES) return `must be at most ${MAX_IMAGE_BYTES} bytes once decoded`;
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(data);
  } catch {
    return 'is not an image';
  }
  const contentType = size.type ? CONTENT_TYPES[size.type] : undefined;
  if (!contentType) return `must be a PNG, JPEG, GIF or WebP image (got ${size.type ?? 'an unknown format'})`;
  if (!size.width || !size.height) return 'is an image without dimensions';
  if (declared && declared !== contentType) return `is declared ${declared} but is ${contentType}`;
  return { contentType, data, width: size.width, height: size.height };
}
