import { api } from '../api/client';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';

interface IntegrationSummary {
  title: string;
  description?: string;
}

/** `/integrations/{name}` and `/o/{organizationId}/integrations/{name}`: an integration. */
export function IntegrationScreen({ integrationName }: { integrationName: string }) {
  const integration = useResource(`integration:${integrationName}`, () => api.get<IntegrationSummary>(`/v1/integrations/${integrationName}`));
  return (
    <main id="main" class="page">
      <Status resource={integration} what="the integration" />
      {integration.data && (
        <>
          <h1>{integration.data.title}</h1>
          {integration.data.description && <p>{integration.data.description}</p>}
        </>
      )}
    </main>
  );
}
