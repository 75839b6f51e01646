import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import type { RevisionEntity } from '../revisions/revision.entity';

/** A revision with its presented pages and files -> the reference's `Revision`. */
@Injectable()
export class RevisionPresenter {
  constructor(private readonly urls: PublicUrls) {}

  present(revision: RevisionEntity, pages: Record<string, unknown>[], files: Record<string, unknown>[]): Record<string, unknown> {
    return {
      object: 'revision',
      id: revision.id,
      type: revision.type,
      parents: revision.parents,
      pages,
      files,
      reusableContents: revision.reusableContents,
      variables: revision.variables,
      createdAt: revision.createdAt.toISOString(),
      urls: { app: this.urls.app('s', revision.spaceId, '~', 'revisions', revision.id) },
    };
  }
}
