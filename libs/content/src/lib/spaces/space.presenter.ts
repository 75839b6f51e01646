import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import { ContentLevel, spacePermissions } from '../permissions/content-permissions';
import type { SpaceDto, SpaceUrlsDto } from './space.dto';
import type { SpaceEntity } from './space.entity';

/** SpaceEntity, seen by a caller with `level` on it -> the reference's `Space`. */
@Injectable()
export class SpacePresenter {
  constructor(private readonly urls: PublicUrls) {}

  present(space: SpaceEntity, level: ContentLevel): SpaceDto {
    const urls: SpaceUrlsDto = { location: this.urls.api('v1/spaces', space.id), app: this.urls.app('s', space.id) };
    // Published content lives on the published origin; private spaces have none.
    if (space.visibility !== 'private') urls.published = this.urls.published('s', space.id);
    if (space.visibility === 'public') urls.public = this.urls.published('s', space.id);
    if (space.iconUrl) urls.icon = space.iconUrl;
    return {
      object: 'space',
      id: space.id,
      title: space.title,
      emoji: space.emoji,
      visibility: space.visibility,
      createdAt: space.createdAt.toISOString(),
      updatedAt: space.updatedAt.toISOString(),
      ...(space.deletedAt ? { deletedAt: space.deletedAt.toISOString() } : {}),
      editMode: space.editMode,
      mergeRules: space.mergeRules,
      urls,
      organization: space.organizationId,
      ...(space.parentId ? { parent: space.parentId } : {}),
      ...(space.language ? { language: space.language } : {}),
      revision: space.revisionId,
      ...(space.gitSync ? { gitSync: space.gitSync } : {}),
      defaultLevel: space.defaultLevel,
      comments: space.comments,
      changeRequests: space.changeRequests,
      changeRequestsOpen: space.changeRequestsOpen,
      changeRequestsDraft: space.changeRequestsDraft,
      permissions: spacePermissions(level, { locked: space.editMode === 'locked' }),
    };
  }
}
