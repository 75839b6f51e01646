import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEFAULT_PAGE_SIZE, Page, Paginator } from '@docs/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { RevisionEntity } from '../revisions/revision.entity';
import { FileEntryEntity } from './file-entry.entity';

const COLUMNS = `f.id::text AS id, f.file_id, f.name, f.content_type, f.size, f.width, f.height, f.blob_hash, f.created_at`;

function fromRow(row: Record<string, any>): FileEntryEntity {
  return Object.assign(new FileEntryEntity(), {
    id: row.id,
    fileId: row.file_id,
    name: row.name,
    contentType: row.content_type,
    size: row.size,
    width: row.width,
    height: row.height,
    blobHash: row.blob_hash,
    createdAt: row.created_at,
  });
}

/**
 * The files of a revision (its `files` array of entry ids). Lists are ordered by name then id,
 * with signed keyset cursors; each page looks its entries up by primary key.
 */
@Injectable()
export class FileReads {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly paginator: Paginator,
  ) {}

  async list(revision: RevisionEntity, request: { page?: string; limit?: number; scope: string }): Promise<Page<FileEntryEntity>> {
    const limit = request.limit ?? DEFAULT_PAGE_SIZE;
    const after = request.page ? await this.paginator.decode(request.scope, request.page, 2) : undefined;
    const count = revision.files.length;
    if (limit === 0 || count === 0) return { items: [], count };
    const rows: Record<string, any>[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM file_entries f
        WHERE f.id = ANY($1::bigint[]) AND ($2::text IS NULL OR (f.name, f.file_id) > ($2::text, $3::text))
        ORDER BY f.name, f.file_id LIMIT $4`,
      [revision.files, after ? String(after[0]) : null, after ? String(after[1]) : null, limit + 1],
    );
    const items = rows.slice(0, limit).map(fromRow);
    const last = items[items.length - 1];
    const nextPage = rows.length > limit && last ? await this.paginator.encode(request.scope, [last.name, last.fileId]) : undefined;
    return { items, count, nextPage };
  }

  async get(revision: RevisionEntity, fileId: string, tx?: EntityManager): Promise<FileEntryEntity | undefined> {
    const [row]: Record<string, any>[] = await (tx ?? this.dataSource).query(
      `SELECT ${COLUMNS} FROM file_entries f WHERE f.file_id = $2 AND f.id = ANY($1::bigint[])`,
      [revision.files, fileId],
    );
    return row ? fromRow(row) : undefined;
  }

  /** Every file of a revision, in list order (the whole revision read). */
  async all(revision: RevisionEntity, tx?: EntityManager): Promise<FileEntryEntity[]> {
    if (revision.files.length === 0) return [];
    const rows: Record<string, any>[] = await (tx ?? this.dataSource).query(
      `SELECT ${COLUMNS} FROM file_entries f WHERE f.id = ANY($1::bigint[]) ORDER BY f.name, f.file_id`,
      [revision.files],
    );
    return rows.map(fromRow);
  }

  /** The files of a revision with these ids, in one query (absent ids are left out). */
  async many(revision: RevisionEntity, fileIds: string[]): Promise<FileEntryEntity[]> {
    if (revision.files.length === 0 || fileIds.length === 0) return [];
    const rows: Record<string, any>[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM file_entries f WHERE f.id = ANY($1::bigint[]) AND f.file_id = ANY($2::text[])`,
      [revision.files, fileIds],
    );
    return rows.map(fromRow);
  }
}
