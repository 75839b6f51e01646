import { appObjectOf } from './app-object-path';

describe('appObjectOf (the API resource a urls.app shows)', () => {
  it('maps every kind of urls.app the API hands out', () => {
    expect(appObjectOf('/o/org1')).toEqual({ kind: 'Organization', api: '/v1/orgs/org1', nameField: 'title' });
    expect(appObjectOf('/o/org1/sites/site1')).toEqual({ kind: 'Site', api: '/v1/orgs/org1/sites/site1', nameField: 'title' });
    expect(appObjectOf('/o/org1/integrations/slack')).toEqual({ kind: 'Integration', api: '/v1/integrations/slack', nameField: 'title' });
    expect(appObjectOf('/integrations/slack')).toEqual({ kind: 'Integration', api: '/v1/integrations/slack', nameField: 'title' });
    expect(appObjectOf('/c/col1')).toEqual({ kind: 'Collection', api: '/v1/collections/col1', nameField: 'title' });
    expect(appObjectOf('/s/sp1')).toEqual({ kind: 'Space', api: '/v1/spaces/sp1', nameField: 'title' });
    expect(appObjectOf('/s/sp1/guide/install')).toEqual({ kind: 'Page', api: '/v1/spaces/sp1/content/path/guide/install', nameField: 'title' });
    expect(appObjectOf('/s/sp1/~/changes/3')).toEqual({ kind: 'Change request', api: '/v1/spaces/sp1/change-requests/3', nameField: 'subject' });
    expect(appObjectOf('/s/sp1/~/revisions/rev1')).toEqual({ kind: 'Revision', api: '/v1/spaces/sp1/revisions/rev1', nameField: 'id' });
  });

  it('keeps path segments encoded, and knows nothing of other paths', () => {
    expect(appObjectOf('/s/sp1/caf%C3%A9%20menu')!.api).toBe('/v1/spaces/sp1/content/path/caf%C3%A9%20menu');
    expect(appObjectOf('/s/sp1/a%2F..%2Fb')!.api).toBe('/v1/spaces/sp1/content/path/a%2F..%2Fb');
    expect(appObjectOf('/')).toBeNull();
    expect(appObjectOf('/o')).toBeNull();
    expect(appObjectOf('/unknown/x')).toBeNull();
  });
});
