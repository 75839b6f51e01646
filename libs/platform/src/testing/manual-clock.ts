import { Clock } from '../lib/clock/clock';

/** A clock that stands still until a test moves it. */
export class ManualClock extends Clock {
  private current: Date;

  constructor(start: Date = new Date()) {
    super();
    this.current = new Date(start);
  }

  override now(): Date {
    return new Date(this.current);
  }

  set(date: Date): void {
    this.current = new Date(date);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
