/**
 * What the organization search says of an answer (read out by its live region): how many spaces
 * have matches, and whether only the first ones are listed.
 */
export function organizationSearchSummary(query: string, count: number, listed: number): string {
  if (count === 0) return `Nothing matches “${query}” in the spaces you can read.`;
  const spaces = `${count} ${count === 1 ? 'space has' : 'spaces have'} pages matching “${query}”`;
  return count > listed ? `${spaces}; the first ${listed} are listed.` : `${spaces}.`;
}
