import { BadRequestException, ConflictException } from '@nestjs/common';
import { assertMove, canMove, countDeltas } from './status-moves';
import { changeRequestPermissions } from './change-request-permissions';

describe('status moves', () => {
  it('allows exactly the documented moves', () => {
    const allowed = (['draft', 'open', 'archived', 'merged'] as const).flatMap((from) =>
      (['draft', 'open', 'archived', 'merged'] as const).filter((to) => to !== from && canMove(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(['archived->open', 'draft->archived', 'draft->open', 'open->archived', 'open->draft']);
    expect(() => assertMove('merged', 'open')).toThrow(ConflictException);
    expect(() => assertMove('open', 'merged')).toThrow(BadRequestException);
    expect(() => assertMove('archived', 'draft')).toThrow(ConflictException);
    expect(() => assertMove('open', 'open')).not.toThrow();
  });

  it('moves the counters', () => {
    expect(countDeltas(null, 'draft')).toEqual({ total: 1, open: 0, draft: 1 });
    expect(countDeltas('draft', 'open')).toEqual({ total: 0, open: 1, draft: -1 });
    expect(countDeltas('open', 'merged')).toEqual({ total: 0, open: -1, draft: 0 });
    expect(countDeltas('archived', 'open')).toEqual({ total: 0, open: 1, draft: 0 });
  });
});

describe('change request permissions', () => {
  const cell = (level: Parameters<typeof changeRequestPermissions>[0], status: 'draft' | 'open' | 'archived' | 'merged') => changeRequestPermissions(level, { status });

  it('follows the table for each level', () => {
    expect(cell('admin', 'open')).toEqual({ view: true, comment: true, edit: true, archive: true, review: true, merge: true });
    expect(cell('create', 'open')).toEqual({ view: true, comment: true, edit: true, archive: true, review: true, merge: true });
    expect(cell('review', 'open')).toEqual({ view: true, comment: true, edit: true, archive: true, review: true, merge: true });
    expect(cell('edit', 'open')).toEqual({ view: true, comment: true, edit: true, archive: true, review: false, merge: false });
    expect(cell('comment', 'open')).toEqual({ view: true, comment: true, edit: false, archive: false, review: false, merge: false });
    expect(cell('read', 'open')).toEqual({ view: true, comment: false, edit: false, archive: false, review: false, merge: false });
    expect(cell(null, 'open')).toEqual({ view: false, comment: false, edit: false, archive: false, review: false, merge: false });
  });

  it('follows the status', () => {
    expect(cell('admin', 'merged')).toMatchObject({ edit: false, archive: false, review: false, merge: false, view: true });
    expect(cell('admin', 'archived')).toMatchObject({ edit: false, archive: true, review: false, merge: false });
  });
});

describe('change request permissions of the author', () => {
  it('never lets the author review their own change request; merging stays a matter of level', () => {
    const mine = changeRequestPermissions('admin', { status: 'open', createdBy: 'u1' }, 'u1');
    expect(mine).toMatchObject({ review: false, merge: true, edit: true });
    const theirs = changeRequestPermissions('review', { status: 'open', createdBy: 'u2' }, 'u1');
    expect(theirs).toMatchObject({ review: true, merge: true });
  });
});
