import { useEffect, useState } from 'preact/hooks';

/** A space deleted from this window: the API keeps it restorable for 7 days after `deletedAt`. */
export interface DeletedSpace {
  id: string;
  label: string;
  organizationId: string;
  deletedAt: Date;
}

/**
 * The spaces deleted from this window, kept while it is open so that they can be restored from
 * any screen of their organization (deleting the collection on screen leaves that screen). It
 * holds only what was deleted here: the API has no list of an organization's deleted spaces.
 */
let deleted: DeletedSpace[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function rememberDeleted(spaces: DeletedSpace[]): void {
  deleted = [...spaces, ...deleted.filter((space) => !spaces.some((added) => added.id === space.id))];
  changed();
}

export function forgetDeleted(id: string): void {
  deleted = deleted.filter((space) => space.id !== id);
  changed();
}

/** The spaces of an organization deleted from this window, the latest first. */
export function useDeletedSpaces(organizationId: string): DeletedSpace[] {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const listener = () => setVersion((n) => n + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return deleted.filter((space) => space.organizationId === organizationId);
}
