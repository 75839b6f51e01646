import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import type { Readable } from 'node:stream';

/**
 * The bytes of an upload, read from the request stream up to `maxBytes`. A declared
 * `Content-Length` over the limit is refused before reading; a stream that passes it is drained
 * (and dropped) and refused: 413 either way. An empty body is a 400.
 */
export async function readUpload(stream: Readable, declaredLength: string | undefined, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new PayloadTooLargeException(`The file is larger than the limit of ${maxBytes} bytes (FILE_MAX_BYTES).`);
  if (declaredLength !== undefined && Number(declaredLength) > maxBytes) {
    stream.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > maxBytes) over = true;
    if (!over) chunks.push(buffer);
  }
  if (over) throw tooLarge();
  if (size === 0) throw new BadRequestException('The request body is empty: send the bytes of the file.');
  return Buffer.concat(chunks, size);
}
