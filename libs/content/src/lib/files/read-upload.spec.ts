import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { Readable } from 'node:stream';
import { readUpload } from './read-upload';

describe('readUpload', () => {
  const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

  it('reads a streamed body up to the limit', async () => {
    expect((await readUpload(chunks('ab', 'cd'), undefined, 4)).toString()).toBe('abcd');
  });

  it('refuses a stream that passes the limit without a declared length, after draining it', async () => {
    const stream = chunks('ab', 'cd', 'e');
    await expect(readUpload(stream, undefined, 4)).rejects.toBeInstanceOf(PayloadTooLargeException);
    expect(stream.readableEnded).toBe(true);
  });

  it('refuses a declared length over the limit before reading', async () => {
    await expect(readUpload(chunks('abcde'), '5', 4)).rejects.toThrow('FILE_MAX_BYTES');
  });

  it('refuses an empty body', async () => {
    await expect(readUpload(chunks(), undefined, 4)).rejects.toBeInstanceOf(BadRequestException);
  });
});
