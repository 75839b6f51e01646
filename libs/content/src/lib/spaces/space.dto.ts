import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MEMBER_ROLES, MemberRole } from '@docs/identity';
import { ListEnvelopeDto } from '@docs/platform';
import type { DefaultLevel } from '../permissions/content-permissions';
import { CONTENT_VISIBILITIES, ContentVisibility, SPACE_EDIT_MODES, SpaceEditMode } from './space.entity';
import { TRANSLATION_LANGUAGES } from './translation-languages';

export class SpaceUrlsDto {
  @ApiProperty({ format: 'uri' }) location: string;
  @ApiProperty({ format: 'uri' }) app: string;
  @ApiPropertyOptional({ format: 'uri', description: 'Unless the visibility is private.' }) published?: string;
  @ApiPropertyOptional({ format: 'uri', description: 'Only when the visibility is public.' }) public?: string;
  @ApiPropertyOptional({ format: 'uri' }) icon?: string;
}

export class SpacePermissionsDto {
  @ApiProperty() view: boolean;
  @ApiProperty() access: boolean;
  @ApiProperty() admin: boolean;
  @ApiProperty() viewInviteLinks: boolean;
  @ApiProperty() edit: boolean;
  @ApiProperty() triggerGitSync: boolean;
  @ApiProperty() comment: boolean;
  @ApiProperty() merge: boolean;
  @ApiProperty() review: boolean;
  @ApiProperty() installIntegration: boolean;
}

export class MergeRulesDto {
  @ApiProperty({ enum: ['inherit', 'rules', 'none'], description: "`inherit` (the default) follows the organization's merge rules." }) type: 'inherit' | 'rules' | 'none';
  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, description: "With type `rules`: the reference's MergeRule objects, all of which must pass." })
  rules?: object[];
}

/** The reference's GitSyncState. */
export class GitSyncStateDto {
  @ApiPropertyOptional({ description: 'Repository name.' }) repoName?: string;
  @ApiPropertyOptional({ enum: ['github', 'gitlab', 'github-legacy'], description: 'The provider of the Git Sync installation (when the repository is hosted by one).' })
  installationProvider?: 'github' | 'gitlab' | 'github-legacy';
  @ApiPropertyOptional({ description: 'The integration name providing the Git Sync.' }) integration?: string;
  @ApiPropertyOptional({ description: 'The URL to the repository tree, used when rendering public content.' }) url?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'When the Git provider details were last updated.' }) updatedAt?: string;
}

export class SpaceDto {
  @ApiProperty({ enum: ['space'] }) object: 'space';
  @ApiProperty() id: string;
  @ApiProperty({ maxLength: 50 }) title: string;
  @ApiProperty({ maxLength: 50, description: "'' when the space has none." }) emoji: string;
  @ApiProperty({ enum: CONTENT_VISIBILITIES }) visibility: ContentVisibility;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiPropertyOptional({ format: 'date-time' }) deletedAt?: string;
  @ApiProperty({ enum: SPACE_EDIT_MODES }) editMode: SpaceEditMode;
  @ApiProperty({ type: MergeRulesDto }) mergeRules: MergeRulesDto;
  @ApiProperty({ type: SpaceUrlsDto }) urls: SpaceUrlsDto;
  @ApiProperty({ description: 'The owning organization.' }) organization: string;
  @ApiPropertyOptional({ description: 'The parent collection; absent at the top level.' }) parent?: string;
  @ApiPropertyOptional({ enum: TRANSLATION_LANGUAGES }) language?: string;
  @ApiProperty({ description: 'The current revision.' }) revision: string;
  @ApiPropertyOptional({ type: GitSyncStateDto, description: 'Present when the space is synced with a Git repository.' }) gitSync?: GitSyncStateDto;
  @ApiProperty({ enum: [...MEMBER_ROLES, 'inherit'], nullable: true }) defaultLevel: DefaultLevel;
  @ApiProperty({ type: 'integer', description: 'Open comments.' }) comments: number;
  @ApiProperty({ type: 'integer' }) changeRequests: number;
  @ApiProperty({ type: 'integer' }) changeRequestsOpen: number;
  @ApiProperty({ type: 'integer' }) changeRequestsDraft: number;
  @ApiProperty({ type: SpacePermissionsDto, description: "The caller's." }) permissions: SpacePermissionsDto;
}

export class SpaceListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [SpaceDto] }) items: SpaceDto[];
}

export class MemberSpaceDto {
  @ApiProperty({ enum: MEMBER_ROLES, description: "The member's level on the space." }) permission: MemberRole;
  @ApiProperty({ type: SpaceDto, description: "The space, with the caller's permissions." }) space: SpaceDto;
}

export class MemberSpaceListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [MemberSpaceDto] }) items: MemberSpaceDto[];
}
