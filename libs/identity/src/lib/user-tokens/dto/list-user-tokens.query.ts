import { ListQueryDto } from '@docs/platform';

export class ListUserTokensQueryDto extends ListQueryDto {}
