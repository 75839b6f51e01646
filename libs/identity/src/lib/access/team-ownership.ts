import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Organization.permissions.ownTeam: whether the user owns at least one team there. */
@Injectable()
export class TeamOwnership {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Of these organizations, those where the user owns a team: one query. */
  async organizationsWhereOwner(userId: string, organizationIds: string[]): Promise<Set<string>> {
    if (organizationIds.length === 0) return new Set();
    const rows: { organization_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT organization_id FROM team_members WHERE user_id = $1 AND role = 'owner' AND organization_id = ANY($2)`,
      [userId, organizationIds],
    );
    return new Set(rows.map((row) => row.organization_id));
  }
}
