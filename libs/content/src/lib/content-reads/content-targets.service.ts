import { Injectable, NotFoundException } from '@nestjs/common';
import { Caller } from '@docs/identity';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ContentAccess } from '../access/content-access';
import type { ContentTarget } from '../heads/content-target';

/** Resolves what a content route reads, after the caller's read permission on the space. */
@Injectable()
export class ContentTargets {
  constructor(
    private readonly access: ContentAccess,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** The space's current content (its head). */
  async current(spaceId: string, caller: Caller): Promise<ContentTarget> {
    const { space } = await this.access.requireSpace(spaceId, caller, 'read', 'read its content');
    return { organizationId: space.organizationId, spaceId: space.id, revisionId: space.revisionId, headKey: space.id };
  }

  /** One revision of the space by id (404 when it is not one of this space's). */
  async revision(spaceId: string, revisionId: string, caller: Caller): Promise<ContentTarget> {
    const { space } = await this.access.requireSpace(spaceId, caller, 'read', 'read its content');
    const [row] = await this.dataSource.query(`SELECT 1 FROM revisions WHERE id = $1 AND space_id = $2`, [revisionId, space.id]);
    if (!row) throw new NotFoundException(`Space ${space.id} has no revision with the id ${revisionId}.`);
    return { organizationId: space.organizationId, spaceId: space.id, revisionId, headKey: null };
  }
}
