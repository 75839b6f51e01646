import { createHmac, timingSafeEqual } from 'node:crypto';

/** A value of one keyset column, as stored in a cursor. */
export type CursorValue = string | number | null;

export class InvalidCursorError extends Error {
  constructor() {
    super('The page cursor is not valid for this list: use the value of next.page from a previous answer.');
    this.name = 'InvalidCursorError';
  }
}

const TAG_BYTES = 16;

/**
 * Encodes the keyset position of a list page as an opaque, signed token. The signature
 * covers the list's scope (its name, tenant and filters), so a cursor cannot be forged,
 * edited or replayed against another list or another set of filters.
 */
export class CursorCodec {
  constructor(private readonly key: Buffer) {}

  encode(scope: string, values: CursorValue[]): string {
    const payload = Buffer.from(JSON.stringify(values)).toString('base64url');
    return `${payload}.${this.tag(scope, payload).toString('base64url')}`;
  }

  decode(scope: string, token: string, arity: number): CursorValue[] {
    const [payload, tag, extra] = token.split('.');
    if (!payload || !tag || extra !== undefined) throw new InvalidCursorError();
    const given = Buffer.from(tag, 'base64url');
    const expected = this.tag(scope, payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new InvalidCursorError();
    let values: unknown;
    try {
      values = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw new InvalidCursorError();
    }
    if (!Array.isArray(values) || values.length !== arity) throw new InvalidCursorError();
    if (!values.every((v) => v === null || typeof v === 'string' || typeof v === 'number')) throw new InvalidCursorError();
    return values as CursorValue[];
  }

  private tag(scope: string, payload: string): Buffer {
    return createHmac('sha256', this.key).update(scope).update('\n').update(payload).digest().subarray(0, TAG_BYTES);
  }
}
