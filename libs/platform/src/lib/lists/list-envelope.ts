import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The conventions' list envelope. `next` is absent on the last page. */
export interface ListEnvelope<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

/** One page as the paginator returns it, before items are presented. */
export interface Page<T> {
  items: T[];
  count: number;
  nextPage?: string;
}

export function toListEnvelope<T, R>(page: Page<T>, present: (item: T) => R): ListEnvelope<R> {
  const envelope: ListEnvelope<R> = { items: page.items.map(present), count: page.count };
  if (page.nextPage) envelope.next = { page: page.nextPage };
  return envelope;
}

export class NextPageDto {
  @ApiProperty({ description: 'Pass as `page` to fetch the following page.' }) page: string;
}

/** Swagger shape of the envelope; each list extends it with its typed `items`. */
export class ListEnvelopeDto {
  @ApiProperty({ type: 'integer', description: 'Total number of items matching the filters.' }) count: number;
  @ApiPropertyOptional({ type: NextPageDto, description: 'Absent on the last page.' }) next?: NextPageDto;
}
