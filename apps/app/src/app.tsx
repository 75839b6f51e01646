import { ErrorBoundary, LocationProvider, Route, Router } from 'preact-iso';
import { TokensScreen } from './account/tokens-screen';
import { Layout } from './components/layout';
import { lazyComponent } from './components/lazy-component';
import { CollectionScreen } from './screens/collection-screen';
import { HomeScreen } from './screens/home-screen';
import { NotFoundScreen } from './screens/not-found-screen';
import { OrganizationScreen } from './screens/organization-screen';
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

// Screens beyond finding one's way and writing are chunks of their own, loaded when first opened.
const ChangeRequestScreen = lazyComponent(() => import('./screens/change-request-screen').then((module) => module.ChangeRequestScreen), 'Loading the change request…');
const RevisionScreen = lazyComponent(() => import('./screens/revision-screen').then((module) => module.RevisionScreen), 'Loading the revision…');
const SiteScreen = lazyComponent(() => import('./screens/site-screen').then((module) => module.SiteScreen), 'Loading the site…');
const IntegrationScreen = lazyComponent(() => import('./screens/integration-screen').then((module) => module.IntegrationScreen), 'Loading the integration…');

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
