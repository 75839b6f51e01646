/**
 * Where a content lives in the API: a space's own, or a change request's (the same reads and
 * writes under `.../change-requests/{id}/content`, docs/api-decisions.md "Change requests").
 */
export function spaceContent(spaceId: string): string {
  return `/v1/spaces/${spaceId}/content`;
}

export function changeRequestPath(spaceId: string, changeRequest: string | number): string {
  return `/v1/spaces/${spaceId}/change-requests/${changeRequest}`;
}

export function changeRequestContent(spaceId: string, changeRequest: string | number): string {
  return `${changeRequestPath(spaceId, changeRequest)}/content`;
}
