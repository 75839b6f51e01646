import type { SpaceEntity } from './space.entity';

/**
 * The published URL of a space for a share key (`GET /v1/spaces/{spaceId}?shareKey=`). Share
 * links belong to sites, which content cannot import (dependencies point the other way): the
 * sites domain provides this, and content injects it optionally (without sites, no share keys).
 */
export abstract class SpaceShareUrls {
  /**
   * The URL of the space in the key's site, with the key; undefined when that site does not
   * publish the space (or is not published). Throws a 400 for a key no active share link has.
   */
  abstract publishedUrl(space: SpaceEntity, shareKey: string): Promise<string | undefined>;
}
