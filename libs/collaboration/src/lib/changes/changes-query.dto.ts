import { ApiPropertyOptional } from '@nestjs/swagger';
import { QueryNumber } from '@docs/platform';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

/** Query of the semantic changes reads: how many changes to list (`more` counts the rest). */
export class ChangesQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 1000, default: 10 })
  @IsOptional()
  @QueryNumber()
  @IsInt()
  @Min(0)
  @Max(1000)
  limit?: number;

  @ApiPropertyOptional({ type: 'boolean', description: 'Accepted for compatibility (revision reads); changes carry no revision metadata.' })
  @IsOptional()
  @IsIn(['true', 'false'])
  metadata?: string;

  @ApiPropertyOptional({ type: 'boolean', description: 'Accepted for compatibility (revision reads); changes are always of the stored content.' })
  @IsOptional()
  @IsIn(['true', 'false'])
  computed?: string;
}
