import { BadRequestException, ConflictException } from '@nestjs/common';
import type { ChangeRequestStatus } from './change-request.entity';

/** Statuses a PATCH may ask for (`merged` only comes from a merge). */
export const SETTABLE_STATUSES = ['draft', 'open', 'archived'] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

/**
 * The allowed status moves: `draft` <-> `open`, `draft`/`open` -> `archived`, `archived` -> `open`;
 * `merged` is reached only by merging and is final. Asking for the current status is a no-op.
 */
const MOVES: Record<ChangeRequestStatus, readonly ChangeRequestStatus[]> = {
  draft: ['open', 'archived'],
  open: ['draft', 'archived'],
  archived: ['open'],
  merged: [],
};

export function canMove(from: ChangeRequestStatus, to: ChangeRequestStatus): boolean {
  return from === to || MOVES[from].includes(to);
}

/** 409 when the move is not allowed (merged is final), with the moves that are. */
export function assertMove(from: ChangeRequestStatus, to: ChangeRequestStatus): void {
  if (from === 'merged') throw new ConflictException('The change request is merged: its status cannot change any more.');
  if (to === 'merged') throw new BadRequestException('status: a change request becomes merged only by POST .../merge.');
  if (!canMove(from, to)) {
    throw new ConflictException(`A change request cannot go from ${from} to ${to} (from ${from}: ${MOVES[from].join(' or ')}).`);
  }
}

/** How the space's counters move when a change request goes from `from` (null: new) to `to`. */
export function countDeltas(from: ChangeRequestStatus | null, to: ChangeRequestStatus): { total: number; open: number; draft: number } {
  const weight = (status: ChangeRequestStatus | null, of: ChangeRequestStatus) => (status === of ? 1 : 0);
  return {
    total: from === null ? 1 : 0,
    open: weight(to, 'open') - weight(from, 'open'),
    draft: weight(to, 'draft') - weight(from, 'draft'),
  };
}

/** Whether the change request's content can still change (writes, update, merge). */
export function isActive(status: ChangeRequestStatus): boolean {
  return status === 'draft' || status === 'open';
}
