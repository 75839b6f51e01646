import { decodeImage, MAX_IMAGE_BYTES } from './image-data';
import { GIF_1X1, PNG_1X1 } from '../../testing';

describe('decodeImage', () => {
  it('decodes base64 PNG and GIF', () => {
    expect(decodeImage(PNG_1X1)).toMatchObject({ contentType: 'image/png', width: 1, height: 1 });
    expect(decodeImage(GIF_1X1)).toMatchObject({ contentType: 'image/gif', width: 1, height: 1 });
  });

  it('decodes a data URL whose type matches', () => {
    expect(decodeImage(`data:image/png;base64,${PNG_1X1}`)).toMatchObject({ contentType: 'image/png' });
    expect(decodeImage(`data:image/gif;base64,${PNG_1X1}`)).toBe('is declared image/gif but is image/png');
  });

  it('refuses text that is not base64', () => expect(decodeImage('not base64!')).toMatch(/base64/));
  it('refuses an empty value', () => expect(decodeImage('')).toMatch(/base64/));
  it('refuses base64 that is not an image', () => expect(decodeImage(Buffer.from('hello world, no image').toString('base64'))).toBe('is not an image'));
  it('refuses SVG', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>').toString('base64');
    expect(decodeImage(svg)).toMatch(/PNG, JPEG, GIF or WebP/);
  });
  it('refuses images over the size bound', () => {
    const big = Buffer.concat([Buffer.from(PNG_1X1, 'base64'), Buffer.alloc(MAX_IMAGE_BYTES)]).toString('base64');
    expect(decodeImage(big)).toMatch(/at most/);
  });
});
