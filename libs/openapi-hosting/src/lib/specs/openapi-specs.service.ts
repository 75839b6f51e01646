import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Membership } from '@docs/identity';
import { Clock, JobQueue, newId, Page, Paginator, sortKey } from '@docs/platform';
import { DataSource, EntityManager } from 'typeorm';
import { ProcessSpecJob } from '../processing/spec-jobs';
import { OpenApiSpecEntity, SpecVisibility } from './openapi-spec.entity';
import { specPermissions } from './spec-permissions';

/** A source as a write gives it: exactly one of the two. */
export type SpecSourceInput = { url: string; text: null } | { url: null; text: string };

/**
 * An organization's OpenAPI specs: reads for members with a role, writes from `create` up. Every
 * write that needs a run (create, a new source, the same URL again) asks for one in its own
 * transaction: `process_requested` goes up and a fetch job is enqueued with it, so a spec is never
 * left pending without a job, nor a job enqueued for a write that rolled back. The api never
 * fetches nor parses a spec itself: the worker does (`SpecProcessor`).
 */
@Injectable()
export class OpenApiSpecsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly paginator: Paginator,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  /** Newest first; a guest's list is empty. */
  async list(member: Membership, page: { page?: string; limit?: number }): Promise<Page<OpenApiSpecEntity>> {
    if (!specPermissions(member.role).view) return { items: [], count: 0 };
    const query = this.dataSource
      .getRepository(OpenApiSpecEntity)
      .createQueryBuilder('s')
      .leftJoinAndSelect('s.lastVersion', 'v')
      .where('s.organization_id = :organizationId', { organizationId: member.organizationId });
    return this.paginator.paginate(
      query,
      [sortKey<OpenApiSpecEntity>('s.created_at', 'DESC', 'timestamp', (s) => s.createdAt), sortKey<OpenApiSpecEntity>('s.id', 'DESC', 'text', (s) => s.id)],
      { scope: `openapi-specs:${member.organizationId}`, page: page.page, limit: page.limit },
    );
  }

  /** A spec the caller can see, or 404 (guests see none). */
  async get(member: Membership, slug: string): Promise<OpenApiSpecEntity> {
    const spec = specPermissions(member.role).view ? await this.find(this.dataSource.manager, member.organizationId, slug) : undefined;
    if (!spec) throw new NotFoundException(`No OpenAPI spec of this organization has the slug ${slug}.`);
    return spec;
  }

  async create(member: Membership, slug: string, source: SpecSourceInput): Promise<OpenApiSpecEntity> {
    requireEdit(member, 'create OpenAPI specs');
    await this.dataSource.transaction(async (tx) => {
      const spec = await this.insert(tx, member.organizationId, slug, source);
      if (!spec) throw new ConflictException(`An OpenAPI spec of this organization already has the slug ${slug}.`);
    });
    return this.reread(member.organizationId, slug);
  }

  /** PUT: creates the spec (`created: true`), or replaces its source. */
  async put(member: Membership, slug: string, source: SpecSourceInput): Promise<{ spec: OpenApiSpecEntity; created: boolean }> {
    requireEdit(member, 'create or change OpenAPI specs');
    const created = await this.dataSource.transaction(async (tx) => {
      const existing = await this.find(tx, member.organizationId, slug, true);
      if (existing) {
        await this.replaceSource(tx, existing, source);
        return false;
      }
      if (await this.insert(tx, member.organizationId, slug, source)) return true;
      // Created by a concurrent request meanwhile: update that one, as if it had come first.
      await this.replaceSource(tx, (await this.find(tx, member.organizationId, slug, true))!, source);
      return false;
    });
    return { spec: await this.reread(member.organizationId, slug), created };
  }

  /** PATCH: visibility and/or the source. */
  async patch(member: Membership, slug: string, changes: { visibility?: SpecVisibility; source?: SpecSourceInput }): Promise<OpenApiSpecEntity> {
    await this.get(member, slug);
    requireEdit(member, 'change OpenAPI specs');
    await this.dataSource.transaction(async (tx) => {
      const spec = await this.find(tx, member.organizationId, slug, true);
      if (!spec) throw new NotFoundException(`No OpenAPI spec of this organization has the slug ${slug}.`);
      if (changes.source) await this.replaceSource(tx, spec, changes.source);
      if (changes.visibility !== undefined && changes.visibility !== spec.visibility) {
        await tx.update(OpenApiSpecEntity, { id: spec.id }, { visibility: changes.visibility, updatedAt: this.clock.now() });
      }
    });
    return this.reread(member.organizationId, slug);
  }

  /**
   * Deletes the spec with its versions; false when there was none (the reference's 204). Guests see
   * no spec: 404 for any slug, as for PATCH (never a 403 for what they cannot see).
   */
  async delete(member: Membership, slug: string): Promise<boolean> {
    if (!specPermissions(member.role).view) throw new NotFoundException(`No OpenAPI spec of this organization has the slug ${slug}.`);
    requireEdit(member, 'delete OpenAPI specs');
    const result = await this.dataSource.getRepository(OpenApiSpecEntity).delete({ organizationId: member.organizationId, slug });
    return (result.affected ?? 0) > 0;
  }

  /** With its latest version (for the entry a public spec links to), or locked for a write (without it). */
  private find(tx: EntityManager, organizationId: string, slug: string, lock = false): Promise<OpenApiSpecEntity | undefined> {
    const query = tx.getRepository(OpenApiSpecEntity).createQueryBuilder('s').where('s.organization_id = :organizationId AND s.slug = :slug', { organizationId, slug });
    if (lock) query.setLock('pessimistic_write');
    else query.leftJoinAndSelect('s.lastVersion', 'v');
    return query.getOne().then((spec) => spec ?? undefined);
  }

  /** The spec as a write left it (deleted meanwhile: 404). */
  private async reread(organizationId: string, slug: string): Promise<OpenApiSpecEntity> {
    const spec = await this.find(this.dataSource.manager, organizationId, slug);
    if (!spec) throw new NotFoundException(`No OpenAPI spec of this organization has the slug ${slug}.`);
    return spec;
  }

  /** Inserts a new spec and asks for its first run; false when the slug is taken (nothing written). */
  private async insert(tx: EntityManager, organizationId: string, slug: string, source: SpecSourceInput): Promise<boolean> {
    const id = newId();
    const inserted: unknown[] = await tx.query(
      `INSERT INTO openapi_specs (id, organization_id, slug, source_url, source_text, visibility, processing_state, process_requested, process_done, requested_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'private', 'pending', 1, 0, now(), $6, $6)
       ON CONFLICT (organization_id, slug) DO NOTHING RETURNING id`,
      [id, organizationId, slug, source.url, source.text, this.clock.now()],
    );
    if (inserted.length === 0) return false;
    await this.jobs.enqueue(ProcessSpecJob, { specId: id }, { transaction: tx });
    return true;
  }

  /**
   * A new source (or the same URL again) asks for a run; the same text changes nothing. The spec
   * is `pending` until a worker takes the run, unless a run is in progress: that run sees the new
   * request when it finishes and runs again.
   */
  private async replaceSource(tx: EntityManager, spec: OpenApiSpecEntity, source: SpecSourceInput): Promise<void> {
    if (source.text !== null && source.text === spec.sourceText) return;
    await tx.query(
      `UPDATE openapi_specs
          SET source_url = $2, source_text = $3, process_requested = process_requested + 1, requested_at = now(), updated_at = $4,
              processing_state = CASE WHEN lease_until > now() THEN processing_state ELSE 'pending' END
        WHERE id = $1`,
      [spec.id, source.url, source.text, this.clock.now()],
    );
    await this.jobs.enqueue(ProcessSpecJob, { specId: spec.id }, { transaction: tx });
  }
}

function requireEdit(member: Membership, action: string): void {
  if (!specPermissions(member.role).edit) throw new ForbiddenException(`Only members with the create role or above can ${action}.`);
}

