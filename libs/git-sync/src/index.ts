/**
 * Git Sync: a space kept in step with a Git repository over Git's smart HTTP protocol
 * (isomorphic-git through the SafeFetcher), in GitBook's Git Sync layout (content's markdown
 * export and zip importer). Exports and imports are jobs of the worker, one at a time per space;
 * an import into a space that changed since the last sync becomes a change request merged three
 * ways. Depends on platform, identity, content and collaboration.
 */
export * from './lib/git-sync.module';
export * from './lib/git-sync-core.module';
export * from './lib/git-sync-jobs.module';
export * from './lib/config/git-sync-config.entity';
export * from './lib/config/git-sync-configs.service';
export * from './lib/config/repository-url';
export * from './lib/operations/git-sync-operation.entity';
export * from './lib/operations/git-sync-operations.service';
export * from './lib/operations/git-sync-failure';
export * from './lib/operations/run-git-sync.job';
export * from './lib/export/git-exporter.service';
export * from './lib/import/git-importer.service';
export * from './lib/git/git-workspace';
