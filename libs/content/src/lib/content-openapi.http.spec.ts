import { IdentityModule } from '@docs/identity';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { ContentModule } from './content.module';

describe("content in the project's OpenAPI document", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
  });
  afterAll(() => t.close());

  it("documents every content route under the reference's operation id", async () => {
    const res = await t.http.as(undefined).get('/openapi.json');
    expect(res.status).toBe(200);
    const operations: Record<string, string> = {};
    for (const [path, item] of Object.entries(res.body.paths as Record<string, Record<string, { operationId: string }>>)) {
      for (const [method, operation] of Object.entries(item)) operations[operation.operationId] = `${method.toUpperCase()} ${path}`;
    }
    expect(operations).toMatchObject({
      createSpace: 'POST /v1/orgs/{organizationId}/spaces',
      listSpacesInOrganizationById: 'GET /v1/orgs/{organizationId}/spaces',
      getSpaceById: 'GET /v1/spaces/{spaceId}',
      updateSpaceById: 'PATCH /v1/spaces/{spaceId}',
      deleteSpaceById: 'DELETE /v1/spaces/{spaceId}',
      restoreSpace: 'POST /v1/spaces/{spaceId}/restore',
      duplicateSpace: 'POST /v1/spaces/{spaceId}/duplicate',
      moveSpace: 'POST /v1/spaces/{spaceId}/move',
      transferSpace: 'POST /v1/spaces/{spaceId}/transfer',
      createCollection: 'POST /v1/orgs/{organizationId}/collections',
      listCollectionsInOrganizationById: 'GET /v1/orgs/{organizationId}/collections',
      getCollectionById: 'GET /v1/collections/{collectionId}',
      updateCollectionById: 'PATCH /v1/collections/{collectionId}',
      deleteCollectionById: 'DELETE /v1/collections/{collectionId}',
      listSpacesInCollectionById: 'GET /v1/collections/{collectionId}/spaces',
      moveCollection: 'POST /v1/collections/{collectionId}/move',
      transferCollection: 'POST /v1/collections/{collectionId}/transfer',
      listSpacesForOrganizationMember: 'GET /v1/orgs/{organizationId}/members/{userId}/spaces',
      getCurrentRevision: 'GET /v1/spaces/{spaceId}/content',
      listPages: 'GET /v1/spaces/{spaceId}/content/pages',
      getPageById: 'GET /v1/spaces/{spaceId}/content/page/{pageId}',
      getPageByPath: 'GET /v1/spaces/{spaceId}/content/path/{pagePath}',
      listFiles: 'GET /v1/spaces/{spaceId}/content/files',
      getFileById: 'GET /v1/spaces/{spaceId}/content/files/{fileId}',
      getRevisionById: 'GET /v1/spaces/{spaceId}/revisions/{revisionId}',
      listPagesInRevisionById: 'GET /v1/spaces/{spaceId}/revisions/{revisionId}/pages',
      getPageInRevisionById: 'GET /v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}',
      listFilesInRevisionById: 'GET /v1/spaces/{spaceId}/revisions/{revisionId}/files',
      getFileInRevisionById: 'GET /v1/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}',
      createPage: 'POST /v1/spaces/{spaceId}/content/pages',
      updatePage: 'PATCH /v1/spaces/{spaceId}/content/page/{pageId}',
      deletePage: 'DELETE /v1/spaces/{spaceId}/content/page/{pageId}',
      movePage: 'POST /v1/spaces/{spaceId}/content/page/{pageId}/move',
      uploadFile: 'POST /v1/spaces/{spaceId}/content/files',
      getReusableContentById: 'GET /v1/spaces/{spaceId}/content/reusable-contents/{reusableContentId}',
      getReusableContentInRevisionById: 'GET /v1/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}',
      getReusableContentDocumentInRevisionById: 'GET /v1/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document',
      createReusableContent: 'POST /v1/spaces/{spaceId}/content/reusable-contents',
      updateReusableContent: 'PATCH /v1/spaces/{spaceId}/content/reusable-contents/{reusableContentId}',
      deleteReusableContent: 'DELETE /v1/spaces/{spaceId}/content/reusable-contents/{reusableContentId}',
      replaceVariables: 'PUT /v1/spaces/{spaceId}/content/variables',
      updateVariables: 'PATCH /v1/spaces/{spaceId}/content/variables',
    });
  });

  it('tags the content-writing extensions on their own', async () => {
    const res = await t.http.as(undefined).get('/openapi.json');
    const tagged = Object.values(res.body.paths as Record<string, Record<string, { operationId: string; tags: string[] }>>)
      .flatMap((item) => Object.values(item))
      .filter((operation) => operation.tags?.includes('content-writes'))
      .map((operation) => operation.operationId)
      .sort();
    expect(tagged).toEqual([
      'createPage',
      'createReusableContent',
      'deletePage',
      'deleteReusableContent',
      'movePage',
      'replaceVariables',
      'updatePage',
      'updateReusableContent',
      'updateVariables',
      'uploadFile',
    ]);
    expect(res.body.paths['/downloads/{hash}'].get).toMatchObject({ operationId: 'downloadFile', security: [] });
  });
});
