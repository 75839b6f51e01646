import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeZip } from '../../../testing';
import { openZipArchive } from './zip-entries';

const LIMITS = { maxEntries: 3, maxTotalBytes: 1000, maxRatio: 10, ratioFloorBytes: 100 };
const everything = () => true;

describe('openZipArchive', () => {
  let dir: string;
  let count = 0;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'zip-entries-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The archive written to a file, as imports have it. */
  const onDisk = (archive: Buffer) => {
    const path = join(dir, `${++count}.zip`);
    writeFileSync(path, archive);
    return path;
  };
  const open = async (archive: Buffer, keep: (path: string) => boolean = everything, inMemory: (path: string) => boolean = everything) =>
    openZipArchive(onDisk(archive), LIMITS, keep, inMemory);

  it('inflates texts, leaves other files in the archive until read, counts all, and strips a folder shared by every entry', async () => {
    const zip = await makeZip({ 'docs/a.md': 'A', 'docs/b/c.png': 'C', 'docs/skip.bin': 'S' });
    const archive = await open(zip, (path) => !path.endsWith('.bin'), (path) => path.endsWith('.md'));
    try {
      expect(archive.entries).toBe(3);
      expect([...archive.texts.keys()]).toEqual(['a.md']);
      expect((await archive.texts.get('a.md')?.read())?.toString()).toBe('A');
      expect([...archive.assets.keys()]).toEqual(['b/c.png']);
      expect(archive.assets.get('b/c.png')?.size).toBe(1);
      expect((await archive.assets.get('b/c.png')?.read())?.toString()).toBe('C');
    } finally {
      archive.close();
    }
  });

  it('refuses more entries than the limit before unpacking anything', async () => {
    const zip = await makeZip({ a: '1', b: '2', c: '3', d: '4' });
    await expect(open(zip)).rejects.toThrow(/4 entries, more than the limit of 3/);
  });

  it('refuses an entry whose ratio is a bomb, and a declared total over the limit, even for files left in the archive', async () => {
    await expect(open(await makeZip({ zeros: Buffer.alloc(500) }), everything, () => false)).rejects.toThrow(/zip bomb/);
    const stored = await makeZip({ a: { data: 'x'.repeat(600), compress: false }, b: { data: 'y'.repeat(600), compress: false } });
    await expect(open(stored, everything, () => false)).rejects.toThrow(/more than the limit of 1000 bytes/);
  });

  it('refuses an entry that inflates to more than it declares', async () => {
    const zip = await makeZip({ 'a.md': { data: 'hello world', compress: false } });
    // Lower the declared size (local header and central directory) from 11 to 5 bytes.
    const lied = Buffer.from(zip);
    for (let i = 0; i < lied.length - 4; i++) {
      const signature = lied.readUInt32LE(i);
      if (signature === 0x04034b50) lied.writeUInt32LE(5, i + 22);
      if (signature === 0x02014b50) lied.writeUInt32LE(5, i + 24);
    }
    await expect(open(lied, everything, () => false).then((archive) => archive.assets.get('a.md')?.read())).rejects.toThrow(/invalid or refused|declared size/);
    // A text held in memory is checked when inflated, stored or deflated.
    const read = (archive: Buffer) => open(archive).then((opened) => opened.texts.get('a.md')?.read());
    await expect(read(lied)).rejects.toThrow(/size mismatch for stored file: 11 != 5/);
    const deflated = Buffer.from(await makeZip({ 'a.md': 'hello hello hello hello' }));
    for (let i = 0; i < deflated.length - 4; i++) {
      const signature = deflated.readUInt32LE(i);
      if (signature === 0x04034b50) deflated.writeUInt32LE(5, i + 22);
      if (signature === 0x02014b50) deflated.writeUInt32LE(5, i + 24);
    }
    await expect(read(deflated)).rejects.toThrow(/inflates to more than its declared size of 5 bytes/);
  });

  it('refuses entries compressed with a method other than stored or deflated', async () => {
    const zip = Buffer.from(await makeZip({ 'a.md': 'hello hello hello hello' }));
    // Compression method 12 (bzip2) in the local header and the central directory.
    for (let i = 0; i < zip.length - 4; i++) {
      const signature = zip.readUInt32LE(i);
      if (signature === 0x04034b50) zip.writeUInt16LE(12, i + 8);
      if (signature === 0x02014b50) zip.writeUInt16LE(12, i + 10);
    }
    await expect(open(zip)).rejects.toThrow(/compression method 12: only stored and deflated/);
  });

  it('refuses symbolic links and entries escaping the archive', async () => {
    await expect(open(await makeZip({ link: { data: '/etc', mode: 0o120777 } }))).rejects.toThrow(/symbolic link/);
    const zip = await makeZip({ 'xx/a.md': 'A' });
    const escaped = Buffer.from(zip.toString('latin1').split('xx/a.md').join('../a.md'), 'latin1');
    await expect(open(escaped)).rejects.toThrow(/invalid relative path/);
  });
});
