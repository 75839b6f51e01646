import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Clock, newId, preparedStatement, SqlPool } from '@docs/platform';
import { EntityManager, In, Repository } from 'typeorm';
import { UserEntity } from './user.entity';

const FIND_USER = preparedStatement(
  'users_find_by_id',
  'SELECT id, email, display_name, photo_url, created_at FROM users WHERE id = $1',
);

const SHARES_AN_ORGANIZATION = preparedStatement(
  'users_share_organization',
  `SELECT 1 FROM organization_members a
     JOIN organization_members b ON b.organization_id = a.organization_id
    WHERE a.user_id = $1 AND b.user_id = $2 AND NOT a.disabled LIMIT 1`,
);

/** A `users` row (these columns) -> UserEntity, for hand-written SQL. */
export function userFromRow(row: { id: string; email: string; display_name: string; photo_url: string | null; created_at: Date }): UserEntity {
  return Object.assign(new UserEntity(), {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    photoUrl: row.photo_url,
    createdAt: row.created_at,
  });
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A readable default name for a user known only by address: "ada.lovelace@x" -> "ada.lovelace". */
export function displayNameFromEmail(email: string): string {
  return email.split('@')[0] || email;
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly clock: Clock,
    private readonly sql: SqlPool,
  ) {}

  /** A user by id: a hot read (every GET /user), so a prepared statement. */
  async get(userId: string): Promise<UserEntity> {
    const row = await this.sql.first<{ id: string; email: string; display_name: string; photo_url: string | null; created_at: Date }>(
      FIND_USER,
      [userId],
    );
    if (!row) throw new NotFoundException(`No user has the id ${userId}.`);
    return userFromRow(row);
  }

  /** Users by id, in one query (nulls and repeats ignored): the authors, reviewers and requesters of a page of items. */
  async byIds(ids: Iterable<string | null>): Promise<Map<string, UserEntity>> {
    const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
    if (wanted.length === 0) return new Map();
    const users = await this.users.findBy({ id: In(wanted) });
    return new Map(users.map((user) => [user.id, user]));
  }

  /** A user the viewer may see: themselves, or someone sharing one of their organizations. */
  async getVisibleTo(viewerId: string, userId: string): Promise<UserEntity> {
    if (viewerId !== userId && !(await this.sql.first(SHARES_AN_ORGANIZATION, [viewerId, userId]))) {
      throw new NotFoundException(`No user has the id ${userId}.`);
    }
    return this.get(userId);
  }

  findByEmail(email: string, manager?: EntityManager): Promise<UserEntity | null> {
    return (manager?.getRepository(UserEntity) ?? this.users).findOneBy({ email: normalizeEmail(email) });
  }

  /** Finds each address's user, creating the unknown ones (one statement each way). */
  async findOrCreateByEmails(emails: string[], manager: EntityManager): Promise<Map<string, UserEntity>> {
    const repository = manager.getRepository(UserEntity);
    const wanted = [...new Set(emails.map(normalizeEmail))];
    const existing = await repository.findBy({ email: In(wanted) });
    const byEmail = new Map(existing.map((user) => [user.email, user]));
    const missing = wanted.filter((email) => !byEmail.has(email));
    if (missing.length > 0) {
      const now = this.clock.now();
      const created = missing.map((email) =>
        repository.create({ id: newId(), email, displayName: displayNameFromEmail(email), photoUrl: null, createdAt: now }),
      );
      // A concurrent invite may create the same address: keep theirs, then read everything back.
      await repository.createQueryBuilder().insert().values(created).orIgnore().execute();
      for (const user of await repository.findBy({ email: In(missing) })) byEmail.set(user.email, user);
    }
    return byEmail;
  }

  async create(email: string, displayName: string | undefined, manager?: EntityManager): Promise<UserEntity> {
    const repository = manager?.getRepository(UserEntity) ?? this.users;
    const normalized = normalizeEmail(email);
    const user = repository.create({
      id: newId(),
      email: normalized,
      displayName: displayName?.trim() || displayNameFromEmail(normalized),
      photoUrl: null,
      createdAt: this.clock.now(),
    });
    await repository.insert(user);
    return user;
  }
}
