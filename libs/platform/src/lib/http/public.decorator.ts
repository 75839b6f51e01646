import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** Serves a route without an API token (health, the OpenAPI document). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
