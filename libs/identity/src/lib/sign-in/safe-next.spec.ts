import { safeNext } from './safe-next';

describe('safeNext', () => {
  it('keeps a path of this origin, with its query and fragment', () => {
    expect(safeNext('/s/abc/guide?x=1#part')).toBe('/s/abc/guide?x=1#part');
    expect(safeNext('/')).toBe('/');
  });

  it('sends anything that could leave the origin to /', () => {
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'relative/path', '/a\nb', '', undefined, 42, ['/x']]) {
      expect(safeNext(next)).toBe('/');
    }
  });
});
