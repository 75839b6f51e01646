import { ErrorBoundary, LocationProvider, Route, Router } from 'preact-iso';
import { Layout } from './components/layout';
import { lazyComponent } from './components/lazy-component';
import { CollectionScreen } from './screens/collection-screen';
import { HomeScreen } from './screens/home-screen';
import { NotFoundScreen } from './screens/not-found-screen';
import { OrganizationScreen } from './screens/organization-screen';
import { SpaceScreen } from './screens/space-screen';

// Screens beyond finding one's way and writing (change requests and their previews, history, sites, settings) are
// chunks of their own, loaded when first opened.
const ChangeRequestScreen = lazyComponent(() => import('./screens/change-request-screen').then((module) => module.ChangeRequestScreen), 'Loading the change request…');
const RevisionScreen = lazyComponent(() => import('./screens/revision-screen').then((module) => module.RevisionScreen), 'Loading the revision…');
const SiteScreen = lazyComponent(() => import('./screens/site-screen').then((module) => module.SiteScreen), 'Loading the site…');
const IntegrationScreen = lazyComponent(() => import('./screens/integration-screen').then((module) => module.IntegrationScreen), 'Loading the integration…');
const TokensScreen = lazyComponent(() => import('./account/tokens-screen').then((module) => module.TokensScreen), 'Loading your tokens…');
const SpaceSettingsScreen = lazyComponent(() => import('./space-settings/space-settings-screen').then((module) => module.SpaceSettingsScreen), 'Loading the settings…');
const SettingsIndexScreen = lazyComponent(() => import('./settings/settings-layout').then((module) => module.SettingsIndexScreen), 'Loading the settings…');
const MembersScreen = lazyComponent(() => import('./settings/members-screen').then((module) => module.MembersScreen), 'Loading the members…');
const TeamsScreen = lazyComponent(() => import('./settings/teams-screen').then((module) => module.TeamsScreen), 'Loading the teams…');
const TeamScreen = lazyComponent(() => import('./settings/team-screen').then((module) => module.TeamScreen), 'Loading the team…');
const SsoScreen = lazyComponent(() => import('./settings/sso-screen').then((module) => module.SsoScreen), 'Loading single sign-on…');
const SamlProviderScreen = lazyComponent(() => import('./settings/saml-provider-screen').then((module) => module.SamlProviderScreen), 'Loading the provider…');
const WebhooksScreen = lazyComponent(() => import('./settings/webhooks-screen').then((module) => module.WebhooksScreen), 'Loading the webhooks…');
const WebhookScreen = lazyComponent(() => import('./settings/webhook-screen').then((module) => module.WebhookScreen), 'Loading the webhook…');
const OpenApiSpecsScreen = lazyComponent(() => import('./settings/openapi-specs-screen').then((module) => module.OpenApiSpecsScreen), 'Loading the OpenAPI specs…');
const OpenApiSpecScreen = lazyComponent(() => import('./settings/openapi-spec-screen').then((module) => module.OpenApiSpecScreen), 'Loading the OpenAPI spec…');
const OrganizationChangeRequestsScreen = lazyComponent(
  () => import('./organization-wide/organization-change-requests-screen').then((module) => module.OrganizationChangeRequestsScreen),
  'Loading the change requests…',
);
const JoinScreen = lazyComponent(() => import('./organization-wide/join-screen').then((module) => module.JoinScreen), 'Loading the invite link…');
const ChangeRequestPreviewScreen = lazyComponent(() => import('./screens/change-request-preview-screen').then((module) => module.ChangeRequestPreviewScreen), 'Loading the preview…');

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
            <Route path="/o/:organizationId/change-requests" component={OrganizationChangeRequestsScreen} />
            <Route path="/join/:organizationId/:inviteId" component={JoinScreen} />
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
