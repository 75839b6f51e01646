import { UnsupportedMediaTypeException } from '@nestjs/common';
import { decideContentType } from './file-type-rules';

describe('decideContentType', () => {
  it('prefers what the bytes are', () => {
    expect(decideContentType('image/png', 'application/octet-stream')).toBe('image/png');
    expect(decideContentType('application/pdf', undefined)).toBe('application/pdf');
  });
  it('falls back to a specific declared type, then octet-stream', () => {
    expect(decideContentType(undefined, 'text/markdown; charset=utf-8')).toBe('text/markdown');
    expect(decideContentType(undefined, 'application/x-www-form-urlencoded')).toBe('application/octet-stream');
    expect(decideContentType(undefined, 'not a type')).toBe('application/octet-stream');
    expect(decideContentType(undefined, 'image/svg+xml')).toBe('image/svg+xml');
  });
  it('refuses programs and images that are not what they claim', () => {
    expect(() => decideContentType('application/x-msdownload', 'image/png')).toThrow(UnsupportedMediaTypeException);
    expect(() => decideContentType(undefined, 'image/png')).toThrow('not a recognised format');
    expect(() => decideContentType('image/gif', 'image/png')).toThrow('image/gif');
  });
});
