import { ErrorBoundary, lazy, LocationProvider, Route, Router } from 'preact-iso';
import { TokensScreen } from './account/tokens-screen';
import { Layout } from './components/layout';
import { ChangeRequestScreen } from './screens/change-request-screen';
import { CollectionScreen } from './screens/collection-screen';
import { HomeScreen } from './screens/home-screen';
import { IntegrationScreen } from './screens/integration-screen';
import { NotFoundScreen } from './screens/not-found-screen';
import { OrganizationScreen } from './screens/organization-screen';
import { RevisionScreen } from './screens/revision-screen';
import { SpaceScreen } from './screens/space-screen';
import { MembersScreen } from './settings/members-screen';
import { OpenApiSpecScreen } from './settings/openapi-spec-screen';
import { OpenApiSpecsScreen } from './settings/openapi-specs-screen';
import { SamlProviderScreen } from './settings/saml-provider-screen';
import { SettingsIndexScreen } from './settings/settings-layout';
import { SsoScreen } from './settings/sso-screen';
import { TeamScreen } from './settings/team-screen';
import { TeamsScreen } from './settings/teams-screen';
import { WebhookScreen } from './settings/webhook-screen';
import { WebhooksScreen } from './settings/webhooks-screen';
import { SpaceSettingsScreen } from './space-settings/space-settings-screen';

// Publishing's screens load when first opened: they stay out of the chunk that opens a page for editing.
const SiteScreen = lazy(() => import('./screens/site-screen').then((module) => module.SiteScreen));
const ChangeRequestPreviewScreen = lazy(() => import('./screens/change-request-preview-screen').then((module) => module.ChangeRequestPreviewScreen));

/**
 * The app: one screen per kind of `urls.app` the API hands out (docs/api-decisions.md, "Where
 * urls.app lands"), in one layout. The server only sends this page to a person signed in.
 */
export function App() {
  return (
    <LocationProvider>
      <ErrorBoundary>
        <Layout>
          <Router>
            <Route path="/" component={HomeScreen} />
            <Route path="/o/:organizationId" component={OrganizationScreen} />
            <Route path="/o/:organizationId/sites/:siteId" component={SiteScreen} />
            <Route path="/o/:organizationId/settings/members" component={MembersScreen} />
            <Route path="/o/:organizationId/settings/teams" component={TeamsScreen} />
            <Route path="/o/:organizationId/settings/teams/:teamId" component={TeamScreen} />
            <Route path="/o/:organizationId/settings/sso" component={SsoScreen} />
            <Route path="/o/:organizationId/settings/sso/:providerId" component={SamlProviderScreen} />
            <Route path="/o/:organizationId/integrations/:integrationName" component={IntegrationScreen} />
            <Route path="/o/:organizationId/settings" component={SettingsIndexScreen} />
            <Route path="/o/:organizationId/settings/webhooks" component={WebhooksScreen} />
            <Route path="/o/:organizationId/settings/webhooks/:webhookId" component={WebhookScreen} />
            <Route path="/o/:organizationId/settings/openapi" component={OpenApiSpecsScreen} />
            <Route path="/o/:organizationId/openapi/:specSlug" component={OpenApiSpecScreen} />
            <Route path="/integrations/:integrationName" component={IntegrationScreen} />
            <Route path="/c/:collectionId" component={CollectionScreen} />
            <Route path="/account/tokens" component={TokensScreen} />
            <Route path="/s/:spaceId/~/changes/:number/~/preview/:pagePath*" component={ChangeRequestPreviewScreen} />
            <Route path="/s/:spaceId/~/changes/:number/:pagePath*" component={ChangeRequestScreen} />
            <Route path="/s/:spaceId/~/revisions/:revisionId/:pagePath*" component={RevisionScreen} />
            <Route path="/s/:spaceId/~/settings/:section?" component={SpaceSettingsScreen} />
            <Route path="/s/:spaceId/:pagePath*" component={SpaceScreen} />
            <Route default component={NotFoundScreen} />
          </Router>
        </Layout>
      </ErrorBoundary>
    </LocationProvider>
  );
}
