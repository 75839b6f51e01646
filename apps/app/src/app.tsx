import { ErrorBoundary, LocationProvider, Route, Router } from 'preact-iso';
import { Layout } from './components/layout';
import { lazyComponent } from './components/lazy-component';
import { CollectionScreen } from './screens/collection-screen';
import { HomeScreen } from './screens/home-screen';
import { NotFoundScreen } from './screens/not-found-screen';
import { OrganizationScreen } from './screens/organization-screen';
import { SpaceScreen } from './screens/space-screen';

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
            <Route path="/o/:organizationId/integrations/:integrationName" component={IntegrationScreen} />
            <Route path="/integrations/:integrationName" component={IntegrationScreen} />
            <Route path="/c/:collectionId" component={CollectionScreen} />
            <Route path="/s/:spaceId/~/changes/:number" component={ChangeRequestScreen} />
            <Route path="/s/:spaceId/~/revisions/:revisionId/:pagePath*" component={RevisionScreen} />
            <Route path="/s/:spaceId/:pagePath*" component={SpaceScreen} />
            <Route default component={NotFoundScreen} />
          </Router>
        </Layout>
      </ErrorBoundary>
    </LocationProvider>
  );
}
