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

/** What encodeURIComponent leaves as it is: most ids and path words need no encoding at all. */
const UNRESERVED = /^[A-Za-z0-9\-_.!~*'()]*$/;

const encodePart = (part: string): string => (UNRESERVED.test(part) ? part : encodeURIComponent(part));

/**
 * `base` + each non-empty part of the segments (split at "/"), percent-encoded, "/"-separated.
 * Written as a loop: lists call it several times per item.
 */
function join(base: string, segments: string[]): string {
  let path = base;
  for (const segment of segments) {
    if (!segment.includes('/')) {
      if (segment.length > 0) path += `/${encodePart(segment)}`;
      continue;
    }
    for (const part of segment.split('/')) if (part.length > 0) path += `/${encodePart(part)}`;
  }
  return path;
}
