import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsISO8601, IsNotEmpty, IsString, IsUrl, MaxLength, ValidateNested } from 'class-validator';
import { WhenPresent } from '@docs/content';
import { Verbatim } from '@docs/platform';

/** The reference's `UpdateSpaceGitInfo`: what to show about the Git provider. */
export class UpdateSpaceGitInfoDto {
  @ApiPropertyOptional({ enum: ['github', 'gitlab'], description: 'The git provider' })
  @WhenPresent()
  @IsIn(['github', 'gitlab'])
  provider?: 'github' | 'gitlab';

  @ApiPropertyOptional({ maxLength: 2048, description: "The repository's tree URL" })
  @WhenPresent()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'gitInfo.url must be an http or https URL' })
  url?: string;
}

/** The fields the reference's `ExportToGitRepository` and `ImportGitRepository` share. */
export class GitRepositoryRequestDto {
  @ApiProperty({ maxLength: 2048, description: 'URL of the Git repository (http or https: Git\'s smart HTTP protocol). It can contain basic auth credentials, which are stored sealed and never shown.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  url: string;

  @ApiProperty({ maxLength: 255, description: 'Git ref, in the format "refs/heads/main".' })
  @IsString()
  @MaxLength(255)
  ref: string;

  @ApiPropertyOptional({ maxLength: 255, description: 'Identifier to cache the repository across operations. Accepted; each operation fetches what it needs (one commit, no history).' })
  @WhenPresent()
  @IsString()
  @MaxLength(255)
  repoCacheID?: string;

  @ApiPropertyOptional({ maxLength: 2048, description: "URL of the repository's tree: shown as the space's `gitSync.url`." })
  @WhenPresent()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'repoTreeURL must be an http or https URL' })
  repoTreeURL?: string;

  @ApiPropertyOptional({ maxLength: 2048, description: "Prefix of a commit's URL: an operation's commit is shown as `<repoCommitURL><oid>`." })
  @WhenPresent()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'repoCommitURL must be an http or https URL' })
  repoCommitURL?: string;

  @ApiPropertyOptional({ maxLength: 1024, description: 'Folder of the repository holding the space (default: its root).' })
  @WhenPresent()
  @IsString()
  @MaxLength(1024)
  repoProjectDirectory?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'When the event that asked for this operation happened: a space\'s operations run in this order (then in the order they were asked for).' })
  @WhenPresent()
  @IsISO8601({ strict: true }, { message: 'timestamp must be an ISO 8601 date-time' })
  timestamp?: string;

  @ApiPropertyOptional({ description: 'Exports: push even when the branch moved meanwhile. Imports: write the primary content even when the space changed since the last sync (no change request).' })
  @WhenPresent()
  @IsBoolean()
  force?: boolean;

  @ApiPropertyOptional({ type: UpdateSpaceGitInfoDto, description: 'Metadata to store on the space about the Git provider.' })
  @WhenPresent()
  @ValidateNested()
  @Type(() => UpdateSpaceGitInfoDto)
  gitInfo?: UpdateSpaceGitInfoDto;
}

/** The reference's `ExportToGitRepository`. */
export class ExportToGitRepositoryDto extends GitRepositoryRequestDto {
  @ApiProperty({ maxLength: 10_000, description: 'Message of the commit the export makes (when the files changed).' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10_000)
  @Verbatim()
  commitMessage: string;
}

/** The reference's `ImportGitRepository`. */
export class ImportGitRepositoryDto extends GitRepositoryRequestDto {
  @ApiPropertyOptional({ description: "true: the import makes a revision that does not become the space's primary content." })
  @WhenPresent()
  @IsBoolean()
  standalone?: boolean;
}
