import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '@docs/content';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { MAX_EMOJI_LENGTH } from '../reaction-emoji';

/** At most this many emoji added (or removed) by one request. */
export const MAX_REACTION_CHANGES = 20;

/** `addedReactions` / `removedReactions`: emoji of Unicode's list, checked by the service (400 naming the item). */
export const ReactionList = (what: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: [String],
      maxItems: MAX_REACTION_CHANGES,
      description: `Emoji ${what} by the caller (each one emoji of Unicode's list, e.g. "👍"; "❤" and "❤️" are the same). ${
        what === 'added' ? 'Adding one the caller already reacted with changes nothing.' : 'Removing one the caller has not reacted with changes nothing.'
      }`,
    }),
    WhenPresent(),
    IsArray(),
    ArrayMaxSize(MAX_REACTION_CHANGES),
    IsString({ each: true }),
    MaxLength(MAX_EMOJI_LENGTH, { each: true }),
  );
