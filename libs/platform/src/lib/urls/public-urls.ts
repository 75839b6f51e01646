import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/app-config';

/** Absolute URLs of the `urls` fields, from the configured public, app and published origins. */
@Injectable()
export class PublicUrls {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The API location of a resource: `api('/v1/spaces', id)`. */
  api(...segments: string[]): string {
    return join(this.config.urls.api, segments);
  }

  app(...segments: string[]): string {
    return join(this.config.urls.app, segments);
  }

  published(...segments: string[]): string {
    return join(this.config.urls.published, segments);
  }
}

function join(base: string, segments: string[]): string {
  const path = segments
    .flatMap((segment) => segment.split('/'))
    .filter((part) => part.length > 0)
    .map((part) => encodeURIComponent(part))
    .join('/');
  return path ? `${base}/${path}` : base;
}
