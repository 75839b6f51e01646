import { Injectable } from '@nestjs/common';

/**
 * The time every domain rule reads (the 7-day restore window, timestamps written by the
 * service). Inject it instead of calling `new Date()` so that tests can move time.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;
