import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityCoreModule } from '@docs/identity';
import { ContentAccess } from './access/content-access';
import { ContentGrants } from './grants/content-grants.service';
import { PermissionAggregates } from './grants/permission-aggregates';
import { BlobStore } from './blobs/blob-store';
import { ContentBlobEntity } from './blobs/content-blob.entity';
import { PostgresBlobStore } from './blobs/postgres-blob-store';
import { ContentReader } from './content-reads/content-reader.service';
import { ContentReads } from './content-reads/content-reads.service';
import { PageTreeCache } from './content-reads/page-tree-cache';
import { ContentTargets } from './content-reads/content-targets.service';
import { PageSummaries } from './content-reads/page-summaries';
import { RevisionPresenter } from './content-reads/revision.presenter';
import { FilePresenter } from './files/file.presenter';
import { FileReads } from './files/file-reads.service';
import { FileUploads } from './files/file-uploads.service';
import { PagePresenter } from './content-reads/page.presenter';
import { ContentWriter } from './content-writes/content-writer.service';
import { PageWritesService } from './content-writes/page-writes.service';
import { FileEntryEntity } from './files/file-entry.entity';
import { FormerPagePathEntity } from './former-paths/former-page-path.entity';
import { FormerPathsIndexer } from './former-paths/former-paths.indexer';
import { HeadPageEntity } from './heads/head-page.entity';
import { ContentIndexers } from './indexing/content-indexer';
import { PageNodeEntity } from './pages/page-node.entity';
import { PdfExports } from './pdf/pdf-exports.service';
import { MarkdownExports } from './exports/markdown-exports.service';
import { ImportedPaths } from './exports/imported-paths.service';
import { MarkdownLinks } from './exports/markdown-links.service';
import { SpaceExportFileEntity } from './exports/space-export-file.entity';
import { PageImportSourceEntity } from './page-sources/page-import-source.entity';
import { KeptPageSources } from './page-sources/kept-page-sources.service';
import { PageSearchEntity } from './search/page-search.entity';
import { SearchIndexer } from './search/search-indexer';
import { SpaceSearch } from './search/space-search.service';
import { OrganizationSearch } from './search/organization-search.service';
import { PublishedContent } from './published/published-content.service';
import { PageLinkEntity } from './links/page-link.entity';
import { LinksIndexer } from './links/links-indexer';
import { SpaceLinks } from './links/space-links.service';
import { LinkPresenter } from './links/link.presenter';
import { CollectionEntity } from './collections/collection.entity';
import { CollectionPresenter } from './collections/collection.presenter';
import { CollectionsService } from './collections/collections.service';
import { SiblingOrder } from './ordering/sibling-order';
import { RevisionEntity } from './revisions/revision.entity';
import { ReusableContents } from './reusable-contents/reusable-contents.service';
import { VariablesWrites } from './variables/variables.service';
import { RevisionsService } from './revisions/revisions.service';
import { SpaceEntity } from './spaces/space.entity';
import { ContentImporter } from './imports/content-importer.service';
import { ImportSources } from './imports/import-sources.service';
import { ImportsService } from './imports/imports.service';
import { SpacePresenter } from './spaces/space.presenter';
import { SpacesService } from './spaces/spaces.service';
import { SpacePurgeHooks } from './purge/space-purge-hooks';

const entities = TypeOrmModule.forFeature([
  CollectionEntity,
  SpaceEntity,
  RevisionEntity,
  ContentBlobEntity,
  PageNodeEntity,
  FileEntryEntity,
  HeadPageEntity,
  PageSearchEntity,
  PageLinkEntity,
  SpaceExportFileEntity,
  PageImportSourceEntity,
  FormerPagePathEntity,
]);
const services = [
  ContentAccess,
  SiblingOrder,
  RevisionsService,
  SpacesService,
  SpacePresenter,
  CollectionsService,
  CollectionPresenter,
  ContentIndexers,
  ContentReader,
  ContentWriter,
  PagePresenter,
  PageWritesService,
  ContentTargets,
  ContentReads,
  PageTreeCache,
  RevisionPresenter,
  FileReads,
  FilePresenter,
  FileUploads,
  // Search and links: indexers fed by every content write, and their reads.
  SearchIndexer,
  SpaceSearch,
  OrganizationSearch,
  LinksIndexer,
  // The paths pages left (renamed, moved): published sites redirect them.
  FormerPathsIndexer,
  SpaceLinks,
  LinkPresenter,
  // Grants of roles on spaces and collections to members and teams (their effect is in ContentAccess).
  ContentGrants,
  PermissionAggregates,
  // PDF exports of any content target (space, change request).
  PdfExports,
  // Markdown exports (GitBook's Git Sync layout) of any content target.
  MarkdownExports,
  ImportedPaths,
  // The relative links of page markdown (reads and writes), from the export layout.
  MarkdownLinks,
  // Imported pages' files kept, read back byte for byte while their rendering is unchanged.
  KeptPageSources,
  // Imports: sources converted to pages and files, written as one revision of any head.
  ImportSources,
  ContentImporter,
  ImportsService,
  // Reusable contents and variables of any head.
  ReusableContents,
  VariablesWrites,
  // Shallow page lookups in a head, for what points at pages (comments).
  PageSummaries,
  // What other modules do in the transaction of a space purge (the purge itself runs in the worker).
  SpacePurgeHooks,
  // What published sites read: revisions, trees, bodies, files and search, kept by revision and hash.
  PublishedContent,
];

/** Collections, spaces, revisions, the content model (storage, reads, writes, indexers) and the content permission model: what later domains build on (no routes). */
@Module({
  imports: [IdentityCoreModule, entities],
  providers: [...services, { provide: BlobStore, useClass: PostgresBlobStore }],
  exports: [entities, ...services, BlobStore],
})
export class ContentCoreModule {}
