import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Clock, newId, Page, Paginator, preparedStatement, sortKey, SqlPool } from '@docs/platform';
import { DataSource, EntityManager, QueryFailedError, Repository } from 'typeorm';
import { MemberEntity } from '../members/member.entity';
import type { MemberRoleOrGuest } from '../members/member-role';
import { OrganizationEntity, OrganizationType } from './organization.entity';
import { assertMergeRulesUsersAreMembers, type MergeRulesStandalone } from '../merge-rules/merge-rules';
import type { UpdateOrganizationDto } from './dto/update-organization.dto';

const FIND_ORGANIZATION = preparedStatement(
  'organizations_find_by_id',
  'SELECT id, title, type, email_domains, default_role, created_at, merge_rules, subdomain FROM organizations WHERE id = $1',
);

/**
 * An organization with the caller's standing in it, for `GET /v1/orgs/{id}`: one statement instead
 * of three (membership, organization, team ownership); no row for non-members.
 */
const FIND_ORGANIZATION_FOR_MEMBER = preparedStatement(
  'organizations_find_for_member',
  `SELECT o.id, o.title, o.type, o.email_domains, o.default_role, o.created_at, o.merge_rules, o.subdomain, m.role,
          EXISTS (SELECT 1 FROM team_members t WHERE t.organization_id = o.id AND t.user_id = $2 AND t.role = 'owner') AS owns_team
     FROM organization_members m JOIN organizations o ON o.id = m.organization_id
    WHERE m.organization_id = $1 AND m.user_id = $2 AND NOT m.disabled`,
);

interface OrganizationRow {
  id: string;
  title: string;
  type: OrganizationType;
  email_domains: string[];
  default_role: MemberRoleOrGuest;
  created_at: Date;
  merge_rules: MergeRulesStandalone;
  subdomain: string | null;
}

/** An organization together with the viewer's membership of it. */
export interface OrganizationMembership {
  organization: OrganizationEntity;
  role: MemberRoleOrGuest;
}

@Injectable()
export class OrganizationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(OrganizationEntity) private readonly organizations: Repository<OrganizationEntity>,
    @InjectRepository(MemberEntity) private readonly members: Repository<MemberEntity>,
    private readonly clock: Clock,
    private readonly paginator: Paginator,
    private readonly sql: SqlPool,
  ) {}

  /** Creates an organization whose first member, an admin, is `ownerId`. */
  async create(
    input: { title: string; type?: OrganizationType },
    ownerId: string,
    manager?: EntityManager,
  ): Promise<OrganizationEntity> {
    const run = async (tx: EntityManager) => {
      const now = this.clock.now();
      const organization = tx.create(OrganizationEntity, {
        id: newId(),
        title: input.title.trim(),
        type: input.type ?? 'business',
        emailDomains: [],
        defaultRole: 'read',
        createdAt: now,
        mergeRules: { type: 'none' },
        subdomain: null,
      });
      await tx.insert(OrganizationEntity, organization);
      await tx.insert(MemberEntity, {
        organizationId: organization.id,
        userId: ownerId,
        role: 'admin',
        disabled: false,
        sso: false,
        joinedAt: now,
        lastSeenAt: null,
      });
      return organization;
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }

  /** An organization by id: read on every organization-scoped GET, so a prepared statement. */
  async get(organizationId: string): Promise<OrganizationEntity> {
    const row = await this.sql.first<OrganizationRow>(FIND_ORGANIZATION, [organizationId]);
    if (!row) throw new NotFoundException(`No organization has the id ${organizationId}.`);
    return organizationFromRow(row);
  }

  /** The organization as its member `userId` sees it (role, whether they own a team there), or 404. */
  async getForMember(organizationId: string, userId: string): Promise<OrganizationMembership & { ownsTeam: boolean }> {
    const row = await this.sql.first<OrganizationRow & { role: MemberRoleOrGuest; owns_team: boolean }>(FIND_ORGANIZATION_FOR_MEMBER, [organizationId, userId]);
    if (!row) throw new NotFoundException(`No organization has the id ${organizationId}.`);
    return { organization: organizationFromRow(row), role: row.role, ownsTeam: row.owns_team };
  }

  /** Changes the title, the merge rules, the email domains or their default role (the caller's admin role is checked by the controller). */
  async update(organizationId: string, input: UpdateOrganizationDto): Promise<void> {
    if (input.mergeRules) await assertMergeRulesUsersAreMembers(this.dataSource, organizationId, input.mergeRules, 'mergeRules');
    // The title arrives trimmed and validated (the input pipe normalizes before validating).
    const changes: Partial<OrganizationEntity> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.mergeRules !== undefined) changes.mergeRules = input.mergeRules;
    if (input.emailDomains !== undefined) changes.emailDomains = [...new Set(input.emailDomains.map((domain) => domain.toLowerCase()))];
    if (input.defaultRole !== undefined) changes.defaultRole = input.defaultRole;
    if (input.subdomain !== undefined) changes.subdomain = input.subdomain;
    if (Object.keys(changes).length === 0) return;
    try {
      await this.organizations.update({ id: organizationId }, changes);
    } catch (error) {
      const driver = error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : undefined;
      if (driver?.code === '23505' && driver.constraint === 'organizations_subdomain_key') throw new ConflictException('Another organization already uses this subdomain.');
      throw error;
    }
  }

  /**
   * The organizations that let people of `domain` join (`emailDomains`), oldest first, each with
   * `userId`'s membership of it when they have one: `GET /v1/email-domains/{emailDomain}/orgs`.
   */
  async forEmailDomain(domain: string, userId: string): Promise<(OrganizationMembership & { member: boolean; ownsTeam: boolean })[]> {
    const rows: (OrganizationRow & { role: MemberRoleOrGuest; member: boolean; owns_team: boolean })[] = await this.dataSource.query(
      `SELECT o.id, o.title, o.type, o.email_domains, o.default_role, o.created_at, o.merge_rules, o.subdomain, m.role, (m.user_id IS NOT NULL) AS member,
              EXISTS (SELECT 1 FROM team_members t WHERE t.organization_id = o.id AND t.user_id = $2 AND t.role = 'owner') AS owns_team
         FROM organizations o
         LEFT JOIN organization_members m ON m.organization_id = o.id AND m.user_id = $2 AND NOT m.disabled
        WHERE o.email_domains @> ARRAY[$1]::text[]
        ORDER BY o.created_at, o.id
        LIMIT 1000`,
      [domain, userId],
    );
    return rows.map((row) => ({ organization: organizationFromRow(row), role: row.role, member: row.member, ownsTeam: row.owns_team }));
  }

  /** Every organization with its member count, oldest first (operator CLI). */
  listAll(): Promise<{ id: string; title: string; members: number }[]> {
    return this.dataSource.query(
      `SELECT o.id, o.title, count(m.user_id)::int AS members
         FROM organizations o LEFT JOIN organization_members m ON m.organization_id = o.id
        GROUP BY o.id ORDER BY o.created_at, o.id`,
    );
  }

  /** The user's organizations, most recently joined first. */
  async listForUser(userId: string, page: { page?: string; limit?: number }): Promise<Page<OrganizationMembership>> {
    const query = this.members
      .createQueryBuilder('m')
      .innerJoinAndSelect('m.organization', 'o')
      .where('m.user_id = :userId', { userId })
      .andWhere('NOT m.disabled');
    const result = await this.paginator.paginate(
      query,
      [
        sortKey<MemberEntity>('m.joined_at', 'DESC', 'timestamp', (m) => m.joinedAt),
        sortKey<MemberEntity>('m.organization_id', 'DESC', 'text', (m) => m.organizationId),
      ],
      { scope: `orgs:${userId}`, ...page },
    );
    return {
      ...result,
      items: result.items.map((m) => ({ organization: m.organization as OrganizationEntity, role: m.role })),
    };
  }
}

function organizationFromRow(row: OrganizationRow): OrganizationEntity {
  return Object.assign(new OrganizationEntity(), {
    id: row.id,
    title: row.title,
    type: row.type,
    emailDomains: row.email_domains,
    defaultRole: row.default_role,
    createdAt: row.created_at,
    mergeRules: row.merge_rules,
    subdomain: row.subdomain,
  });
}
