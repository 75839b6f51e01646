import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { SpaceReach, SpaceReachByRole } from '@docs/identity';
import { Repository } from 'typeorm';
import { ContentAccess, OrganizationContent, SPACE_VISIBLE_TO_MEMBERS } from '../access/content-access';
import { SpaceEntity } from '../spaces/space.entity';

/**
 * Identity's `SpaceReach` (Member.spaces, Team.spaces), answered by the content permission
 * model: an admin opens every live space of the organization; any other role the live spaces
 * whose effective default level is not null (a cap lowers the level, never below read); a guest
 * none. One query for the collection tree, one for both counts.
 */
@Injectable()
export class ContentSpaceReach extends SpaceReach {
  constructor(
    private readonly access: ContentAccess,
    @InjectRepository(SpaceEntity) private readonly spaces: Repository<SpaceEntity>,
  ) {
    super();
  }

  async countByRole(organizationId: string): Promise<SpaceReachByRole> {
    const scope = new OrganizationContent(organizationId, null, await this.access.collectionCaps(organizationId));
    const row = await this.spaces
      .createQueryBuilder('s')
      .select('count(*)::int', 'all')
      .addSelect(`count(*) FILTER (WHERE ${SPACE_VISIBLE_TO_MEMBERS})::int`, 'members')
      .where('s.organization_id = :organizationId', { organizationId })
      .andWhere('s.deleted_at IS NULL')
      .setParameters({ hidden: scope.hiddenCollectionIds() })
      .getRawOne<{ all: number; members: number }>();
    const all = row?.all ?? 0;
    const members = row?.members ?? 0;
    return { admin: all, create: members, review: members, edit: members, comment: members, read: members, guest: 0 };
  }
}
