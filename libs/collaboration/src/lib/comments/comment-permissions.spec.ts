import { MEMBER_ROLES } from '@docs/identity';
import { commentPermissions } from './comment-permissions';

describe('comment permissions', () => {
  it('every level, author or not', () => {
    const table = Object.fromEntries(
      [...MEMBER_ROLES, null].map((level) => [
        String(level),
        { author: commentPermissions(level, true), other: commentPermissions(level, false) },
      ]),
    );
    const row = (view: boolean, edit: boolean, reply: boolean, del: boolean) => ({ view, edit, reply, delete: del });
    expect(table).toEqual({
      admin: { author: row(true, true, true, true), other: row(true, false, true, true) },
      create: { author: row(true, true, true, true), other: row(true, false, true, false) },
      review: { author: row(true, true, true, true), other: row(true, false, true, false) },
      edit: { author: row(true, true, true, true), other: row(true, false, true, false) },
      comment: { author: row(true, true, true, true), other: row(true, false, true, false) },
      read: { author: row(true, false, false, false), other: row(true, false, false, false) },
      null: { author: row(false, false, false, false), other: row(false, false, false, false) },
    });
  });
});
