/** How the app names a change request's status. */
export const STATUS_WORDS: Record<string, string> = { draft: 'Draft', open: 'Open for review', merged: 'Merged', archived: 'Archived' };

/** The title of a change request where there is no subject. */
export function changeRequestTitle(changeRequest: { number: number; subject: string }): string {
  return `#${changeRequest.number} ${changeRequest.subject.trim() || 'Untitled change request'}`;
}

/** The app address of a change request, or of one of its pages. */
export function changeRequestHref(spaceId: string, number: number, pagePath?: string): string {
  return `/s/${spaceId}/~/changes/${number}${pagePath ? `/${pagePath}` : ''}`;
}
