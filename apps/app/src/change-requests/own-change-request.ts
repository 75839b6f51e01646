import { api } from '../api/client';
import type { ChangeRequest, User } from '../api/types';

/** The statuses of a change request still being written: where a person's next edits may go. */
const IN_THE_WORKS = ['draft', 'open'] as const;

/** The most recently created of the change requests, if any. */
export function newestChangeRequest<T extends { createdAt: string }>(changeRequests: T[]): T | undefined {
  return changeRequests.reduce<T | undefined>((newest, candidate) => (!newest || candidate.createdAt > newest.createdAt ? candidate : newest), undefined);
}

/**
 * The change request a person's edits of a space go to: the newest one they created that is still
 * a draft or open, else a new one with `subject`.
 */
export async function ownChangeRequest(spaceId: string, subject: string): Promise<ChangeRequest> {
  const user = await api.get<User>('/v1/user');
  const lists = await Promise.all(
    IN_THE_WORKS.map((status) => api.get<{ items: ChangeRequest[] }>(`/v1/spaces/${spaceId}/change-requests?status=${status}&creator=${encodeURIComponent(user.id)}&limit=1`)),
  );
  return newestChangeRequest(lists.flatMap((list) => list.items)) ?? api.post<ChangeRequest>(`/v1/spaces/${spaceId}/change-requests`, { subject: subject.slice(0, 100) });
}
