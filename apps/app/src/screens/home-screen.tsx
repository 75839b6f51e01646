import { useLocation } from 'preact-iso';
import { useEffect } from 'preact/hooks';
import { listAll } from '../api/client';
import type { Organization } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';

/** `/`: the person's organizations; with only one, straight into it. */
export function HomeScreen() {
  const { route } = useLocation();
  const organizations = useResource('organizations', () => listAll<Organization>('/v1/orgs'));
  useEffect(() => {
    if (organizations.data?.length === 1) route(`/o/${organizations.data[0].id}`, true);
  }, [organizations.data]);
  return (
    <main id="main" class="page">
      <h1>Your organizations</h1>
      <Status resource={organizations} what="your organizations" />
      {organizations.data?.length === 0 && <p>You belong to no organization yet: ask an administrator to invite you.</p>}
      <ul class="cards">
        {organizations.data?.map((organization) => (
          <li key={organization.id}>
            <a href={`/o/${organization.id}`}>{organization.title}</a>
          </li>
        ))}
      </ul>
    </main>
  );
}
