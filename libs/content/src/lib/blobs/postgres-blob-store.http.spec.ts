import { createTestApp, TestApp } from '@docs/platform/testing';
import { DataSource } from 'typeorm';
import { ContentModule } from '../content.module';
import { blobHash } from './blob-hash';
import { BlobStore } from './blob-store';

describe('PostgresBlobStore against PostgreSQL', () => {
  let t: TestApp;
  let blobs: BlobStore;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule] });
    blobs = t.get(BlobStore);
  });
  afterAll(() => t.close());

  it('putMany stores many blobs in one go, each once (duplicates and blobs already stored included), in the order given', async () => {
    const one = Buffer.from(`one ${Date.now()}`);
    const two = Buffer.from(`two ${Date.now()}`);
    const binary = Buffer.from([0, 1, 2, 255, 92, 120]);
    const dataSource = t.get(DataSource);
    await dataSource.transaction((tx) => blobs.put(tx, one));
    const stored = await dataSource.transaction((tx) => blobs.putMany(tx, [one, two, two, binary]));
    expect(stored).toEqual([
      { hash: blobHash(one), size: one.length },
      { hash: blobHash(two), size: two.length },
      { hash: blobHash(two), size: two.length },
      { hash: blobHash(binary), size: binary.length },
    ]);
    const read = await blobs.getMany(stored.map((blob) => blob.hash));
    expect(read.get(blobHash(two))).toEqual(two);
    expect(read.get(blobHash(binary))).toEqual(binary);
    expect(await dataSource.transaction((tx) => blobs.putMany(tx, []))).toEqual([]);
  });
});
