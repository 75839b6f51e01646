import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Membership, roleAtLeast } from '@docs/identity';
import { Clock, newId, Page, Paginator, sortKey } from '@docs/platform';
import { Repository } from 'typeorm';
import { canonicalLanguageTags } from './language-tags';
import { TranslationSettingsEntity } from './translation-settings.entity';

/** Translation settings of one organization: every member reads them, admins change them. */
@Injectable()
export class TranslationSettingsService {
  constructor(
    @InjectRepository(TranslationSettingsEntity) private readonly settings: Repository<TranslationSettingsEntity>,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
  ) {}

  static canEdit(member: Membership): boolean {
    return roleAtLeast(member.role, 'admin');
  }

  /** Newest first. */
  list(member: Membership, page: { page?: string; limit?: number }): Promise<Page<TranslationSettingsEntity>> {
    const query = this.settings.createQueryBuilder('t').where('t.organization_id = :organizationId', { organizationId: member.organizationId });
    return this.paginator.paginate(
      query,
      [
        sortKey<TranslationSettingsEntity>('t.created_at', 'DESC', 'timestamp', (t) => t.createdAt),
        sortKey<TranslationSettingsEntity>('t.id', 'DESC', 'text', (t) => t.id),
      ],
      { scope: `translation-settings:${member.organizationId}`, page: page.page, limit: page.limit },
    );
  }

  async create(member: Membership, input: { title: string; languages?: string[] }): Promise<TranslationSettingsEntity> {
    requireAdmin(member, 'create translation settings');
    const now = this.clock.now();
    const settings = this.settings.create({
      id: newId(),
      organizationId: member.organizationId,
      title: input.title,
      languages: canonicalLanguageTags(input.languages ?? []),
      createdAt: now,
      updatedAt: now,
    });
    await this.settings.insert(settings);
    return settings;
  }

  async get(member: Membership, id: string): Promise<TranslationSettingsEntity> {
    const settings = await this.settings.findOneBy({ id, organizationId: member.organizationId });
    if (!settings) throw new NotFoundException(`No translation settings of this organization have the id ${id}.`);
    return settings;
  }

  /** PUT: the title is replaced; languages too when given (absent: unchanged). */
  async replace(member: Membership, id: string, input: { title: string; languages?: string[] }): Promise<TranslationSettingsEntity> {
    const settings = await this.get(member, id);
    requireAdmin(member, 'change translation settings');
    const changes = {
      title: input.title,
      languages: input.languages === undefined ? settings.languages : canonicalLanguageTags(input.languages),
      updatedAt: this.clock.now(),
    };
    await this.settings.update({ id, organizationId: member.organizationId }, changes);
    return Object.assign(settings, changes);
  }

  async delete(member: Membership, id: string): Promise<void> {
    await this.get(member, id);
    requireAdmin(member, 'delete translation settings');
    await this.settings.delete({ id, organizationId: member.organizationId });
  }
}

function requireAdmin(member: Membership, action: string): void {
  if (!TranslationSettingsService.canEdit(member)) throw new ForbiddenException(`Only members with the admin role can ${action}.`);
}
