import { makeZip } from '../../../testing';
import { readZipEntries } from './zip-entries';

const LIMITS = { maxEntries: 3, maxTotalBytes: 1000, maxRatio: 10, ratioFloorBytes: 100 };

describe('readZipEntries', () => {
  it('reads kept entries, counts all, and strips a folder shared by every entry', async () => {
    const zip = await makeZip({ 'docs/a.md': 'A', 'docs/b/c.md': 'C', 'docs/skip.bin': 'S' });
    const { files, entries } = await readZipEntries(zip, LIMITS, (path) => !path.endsWith('.bin'));
    expect(entries).toBe(3);
    expect([...files.keys()]).toEqual(['a.md', 'b/c.md']);
    expect(files.get('a.md')?.toString()).toBe('A');
  });

  it('refuses more entries than the limit before unpacking anything', async () => {
    const zip = await makeZip({ a: '1', b: '2', c: '3', d: '4' });
    await expect(readZipEntries(zip, LIMITS, () => true)).rejects.toThrow(/4 entries, more than the limit of 3/);
  });

  it('refuses an entry whose ratio is a bomb, and a total over the limit', async () => {
    await expect(readZipEntries(await makeZip({ zeros: Buffer.alloc(500) }), LIMITS, () => true)).rejects.toThrow(/zip bomb/);
    const stored = await makeZip({ a: { data: 'x'.repeat(600), compress: false }, b: { data: 'y'.repeat(600), compress: false } });
    await expect(readZipEntries(stored, LIMITS, () => true)).rejects.toThrow(/more than the limit of 1000 bytes/);
  });

  it('refuses symbolic links and entries escaping the archive', async () => {
    await expect(readZipEntries(await makeZip({ link: { data: '/etc', mode: 0o120777 } }), LIMITS, () => true)).rejects.toThrow(/symbolic link/);
    const zip = await makeZip({ 'xx/a.md': 'A' });
    const escaped = Buffer.from(zip.toString('latin1').split('xx/a.md').join('../a.md'), 'latin1');
    await expect(readZipEntries(escaped, LIMITS, () => true)).rejects.toThrow(/invalid relative path/);
  });
});
