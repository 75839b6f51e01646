import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiSchemaRules } from '@docs/platform';
import { Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, registerDecorator, ValidateNested, ValidationArguments } from 'class-validator';
import { WhenNotNull, WhenPresent } from '../../validation/when-present.decorator';

const POINTER_TYPES = ['space', 'collection'] as const;
type PointerType = (typeof POINTER_TYPES)[number];

/** `space` is required with type space and refused with type collection, and the reverse. */
function PointerId(kind: PointerType): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'pointerId',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          const type = (args.object as { type?: unknown }).type;
          if (type === kind) return typeof value === 'string' && value.length > 0;
          if (!POINTER_TYPES.includes(type as PointerType)) return true; // the type itself is reported
          return value === undefined;
        },
        defaultMessage(args: ValidationArguments) {
          const type = (args.object as { type?: unknown }).type;
          return type === kind ? `$property must be a non-empty string when type is ${kind}` : `$property is not allowed when type is ${String(type)}`;
        },
      },
    });
}

/** A sibling named by a move's `position`: `{type: "space", space: id}` or `{type: "collection", collection: id}`. */
@ApiSchemaRules({
  oneOf: [
    { properties: { type: { enum: ['space'] } }, required: ['space'], not: { required: ['collection'] } },
    { properties: { type: { enum: ['collection'] } }, required: ['collection'], not: { required: ['space'] } },
  ],
})
export class SiblingPointerDto {
  @ApiProperty({ enum: POINTER_TYPES })
  @IsIn(POINTER_TYPES)
  type: PointerType;

  @ApiPropertyOptional({ minLength: 1, description: 'The sibling space (with type space).' })
  @PointerId('space')
  space?: string;

  @ApiPropertyOptional({ minLength: 1, description: 'The sibling collection (with type collection).' })
  @PointerId('collection')
  collection?: string;
}

/** Exactly one of `before` and `after` (checked by the service, which names the problem). */
@ApiSchemaRules({ oneOf: [{ required: ['before'] }, { required: ['after'] }] })
export class PositionDto {
  @ApiPropertyOptional({ type: SiblingPointerDto, description: 'Place the item just before this sibling.' })
  @WhenPresent()
  @ValidateNested()
  @Type(() => SiblingPointerDto)
  before?: SiblingPointerDto;

  @ApiPropertyOptional({ type: SiblingPointerDto, description: 'Place the item just after this sibling.' })
  @WhenPresent()
  @ValidateNested()
  @Type(() => SiblingPointerDto)
  after?: SiblingPointerDto;
}

/** Body of `POST .../move`: at least one of `parent` and `position`. */
@ApiSchemaRules({ minProperties: 1 })
export class MoveDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The collection to move into; null moves to the top level of the organization. Absent: stay in the same parent.',
  })
  @WhenNotNull()
  @IsString()
  @IsNotEmpty()
  parent?: string | null;

  @ApiPropertyOptional({ type: PositionDto, description: 'Where among the new siblings; by default, at the end.' })
  @WhenPresent()
  @ValidateNested()
  @Type(() => PositionDto)
  position?: PositionDto;
}

/** Body of `POST .../transfer`. */
export class TransferDto {
  @ApiProperty({ description: 'The organization to transfer to; the caller must be an admin there.' })
  @IsString()
  @IsNotEmpty()
  organization: string;
}
