/**
 * A recorder's batch writes, one at a time: a write asked for while another runs waits for it,
 * and every write asked for while one waits is that one (it takes whatever is held when it
 * starts). `write` must not throw: a recorder keeps what it could not write for a later try.
 */
export class QueuedWrite {
  private writing: Promise<void> = Promise.resolve();
  private queued = false;

  constructor(private readonly write: () => Promise<void>) {}

  /** Resolves once a write that started after this call has ended. */
  request(): Promise<void> {
    if (!this.queued) {
      this.queued = true;
      this.writing = this.writing.then(() => {
        this.queued = false;
        return this.write();
      });
    }
    return this.writing;
  }
}
