import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import { collectionPermissions, ContentLevel } from '../permissions/content-permissions';
import type { CollectionDto } from './collection.dto';
import type { CollectionEntity } from './collection.entity';

/** CollectionEntity, seen by a caller with `level` on it -> the reference's `Collection`. */
@Injectable()
export class CollectionPresenter {
  constructor(private readonly urls: PublicUrls) {}

  present(collection: CollectionEntity, level: ContentLevel): CollectionDto {
    return {
      object: 'collection',
      id: collection.id,
      title: collection.title,
      ...(collection.description !== null ? { description: collection.description } : {}),
      organization: collection.organizationId,
      ...(collection.parentId ? { parent: collection.parentId } : {}),
      defaultLevel: collection.defaultLevel,
      urls: {
        location: this.urls.api('v1/collections', collection.id),
        app: this.urls.app('c', collection.id),
      },
      permissions: collectionPermissions(level),
    };
  }
}
