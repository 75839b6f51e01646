/** The statuses a change request list filters on, in the order the app offers them (open first, the API's default). */
export const CHANGE_REQUEST_STATUSES = ['open', 'draft', 'merged', 'archived'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** The query of `GET /v1/orgs/{organizationId}/change-requests` for these filters (absent ones left out). */
export function changeRequestsQuery(filters: { status: ChangeRequestStatus; creator?: string; limit: number; page?: string }): string {
  const query = new URLSearchParams({ status: filters.status, limit: String(filters.limit) });
  if (filters.creator) query.set('creator', filters.creator);
  if (filters.page) query.set('page', filters.page);
  return query.toString();
}
