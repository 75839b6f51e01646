import type { Resource } from '../api/use-resource';

/** What a screen shows while its data loads, or when it could not be read. */
export function Status({ resource, what }: { resource: Resource<unknown>; what: string }) {
  if (resource.error) {
    return (
      <p role="alert" class="error">
        {what} could not be read: {resource.error.message}
      </p>
    );
  }
  if (resource.loading && resource.data === undefined) return <p role="status">Loading {what}…</p>;
  return null;
}
