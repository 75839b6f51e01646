import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, preparedStatement, SqlPool } from '@docs/platform';
import { Readable } from 'node:stream';
import type { DataSource, EntityManager } from 'typeorm';
import { blobHash } from './blob-hash';
import { BlobStore, StoredBlob } from './blob-store';

const GET_MANY = preparedStatement('content_blobs_get', `SELECT hash, data FROM content_blobs WHERE hash = ANY($1::text[])`);

/** Blobs per INSERT of `putMany` (keeps one statement's parameters to a few MB for page documents). */
const PUT_SLICE = 1000;

/** Size of the slices `stream` reads, so that a large file is never held whole in memory twice. */
const STREAM_CHUNK = 256 * 1024;

/** Blobs in the `content_blobs` table of the same database (bytea, TOASTed by PostgreSQL). */
@Injectable()
export class PostgresBlobStore extends BlobStore {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly sql: SqlPool,
  ) {
    super();
  }

  async put(tx: EntityManager, data: Buffer): Promise<StoredBlob> {
    const hash = blobHash(data);
    // Content-addressed: the same bytes are the same row; a second put writes nothing.
    await tx.query(
      `INSERT INTO content_blobs (hash, size, data, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (hash) DO NOTHING`,
      [hash, data.length, data, this.clock.now()],
    );
    return { hash, size: data.length };
  }

  async putMany(tx: EntityManager, data: readonly Buffer[]): Promise<StoredBlob[]> {
    const blobs = data.map((bytes) => ({ hash: blobHash(bytes), size: bytes.length, bytes }));
    // Each blob once (ON CONFLICT needs distinct rows); a slice of them per statement, their bytes
    // sent as ONE binary parameter cut in SQL (a bytea[] would travel as hex text, twice the size).
    const unique = [...new Map(blobs.map((blob) => [blob.hash, blob])).values()];
    for (let start = 0; start < unique.length; start += PUT_SLICE) {
      const slice = unique.slice(start, start + PUT_SLICE);
      const offsets: number[] = [];
      let offset = 1;
      for (const blob of slice) {
        offsets.push(offset);
        offset += blob.size;
      }
      await tx.query(
        `INSERT INTO content_blobs (hash, size, data, created_at)
         SELECT x.hash, x.size, substring($4::bytea FROM x.start FOR x.size), $5
           FROM unnest($1::text[], $2::integer[], $3::integer[]) AS x(hash, size, start)
         ON CONFLICT (hash) DO NOTHING`,
        [slice.map((blob) => blob.hash), slice.map((blob) => blob.size), offsets, Buffer.concat(slice.map((blob) => blob.bytes)), this.clock.now()],
      );
    }
    return blobs.map(({ hash, size }) => ({ hash, size }));
  }

  async getMany(hashes: string[], tx?: EntityManager): Promise<Map<string, Buffer>> {
    const unique = [...new Set(hashes)];
    if (unique.length === 0) return new Map();
    // Outside a transaction: a prepared statement (bodies are read on every page read).
    const rows: { hash: string; data: Buffer }[] = tx ? await tx.query(GET_MANY.text, [unique]) : await this.sql.rows(GET_MANY, [unique]);
    return new Map(rows.map((row) => [row.hash, row.data]));
  }

  async stream(hash: string): Promise<Readable | undefined> {
    const [row]: { size: number }[] = await this.dataSource.query(`SELECT size FROM content_blobs WHERE hash = $1`, [hash]);
    if (!row) return undefined;
    const size = row.size;
    const dataSource = this.dataSource;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let offset = 0; offset < size; offset += STREAM_CHUNK) {
        const [slice]: { data: Buffer }[] = await dataSource.query(
          `SELECT substring(data FROM $2 FOR $3) AS data FROM content_blobs WHERE hash = $1`,
          [hash, offset + 1, STREAM_CHUNK],
        );
        yield slice.data;
      }
    }
    return Readable.from(chunks());
  }
}
