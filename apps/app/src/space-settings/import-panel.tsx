import { useRef, useState } from 'preact/hooks';
import { api } from '../api/client';
import type { ImportContentResult } from '../api/admin-types';
import type { RevisionPage, Space } from '../api/types';
import { postFileWithProgress, type UploadProgress } from '../api/upload-with-progress';
import { formatBytes, type ImportedPage, importedPages, importSourceOfFile, type ImportUrlSource } from './import-report';

const URL_KINDS: { value: ImportUrlSource; label: string }[] = [
  { value: 'website', label: 'A website (its pages, crawled)' },
  { value: 'markdown', label: 'A markdown file' },
  { value: 'html', label: 'An HTML page' },
  { value: 'zip', label: 'A zip archive' },
  { value: 'docx', label: 'A Word document (.docx)' },
];

type Progress = { stage: 'uploading'; progress: UploadProgress } | { stage: 'importing' } | { stage: 'reading' };

interface Report {
  result: ImportContentResult;
  pages: ImportedPage[];
  source: string;
}

const pagesOf = async (path: string) => (await api.get<{ pages: RevisionPage[] }>(path)).pages;

/**
 * Import into the space, after its top-level pages, as one revision: a zip (GitBook's layout or a
 * folder of markdown), a markdown, HTML or Word file sent as the request body with its upload's
 * progress, or a URL the server fetches. Then the API's report (resources imported of those
 * processed, the revision) and the pages that came in, each a link.
 */
export function ImportPanel({ space }: { space: Space }) {
  const [kind, setKind] = useState<'file' | 'url'>('file');
  const [progress, setProgress] = useState<Progress>();
  const [report, setReport] = useState<Report>();
  const [error, setError] = useState<string>();
  const file = useRef<HTMLInputElement>(null);
  const url = useRef<HTMLInputElement>(null);
  const urlKind = useRef<HTMLSelectElement>(null);
  const locked = (space.editMode as string | undefined) === 'locked';
  const mayImport = space.permissions.edit && !locked;

  const run = async (send: () => Promise<ImportContentResult>, source: string) => {
    setError(undefined);
    setReport(undefined);
    try {
      const before = await pagesOf(`/v1/spaces/${space.id}/content/pages`);
      const result = await send();
      setProgress({ stage: 'reading' });
      const after = await pagesOf(`/v1/spaces/${space.id}/revisions/${result.revision}/pages`);
      setReport({ result, pages: importedPages(before, after), source });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <>
      <h1>Import</h1>
      <p>
        Pages come in after the space's top-level pages, in one revision: links between them become page links, images become files. A zip may hold a
        GitBook export or any folder of markdown files.
      </p>
      {!mayImport && <p>{locked ? 'The space is locked: imports are not allowed while it is.' : 'Importing needs the edit level on this space.'}</p>}
      {mayImport && (
        <form
          class="inline-form admin-form"
          aria-label="Import content"
          onSubmit={(event) => {
            event.preventDefault();
            if (progress) return;
            if (kind === 'file') {
              const chosen = file.current?.files?.[0];
              if (!chosen) return setError('Choose a file to import: .zip, .md, .html or .docx.');
              const source = importSourceOfFile(chosen.name, chosen.type);
              if (!source) return setError(`${chosen.name} is not a file the import takes: a .zip, .md, .html or .docx file.`);
              setProgress({ stage: 'uploading', progress: { sent: 0, total: chosen.size } });
              const query = `source=${source}&name=${encodeURIComponent(chosen.name)}`;
              void run(
                () =>
                  postFileWithProgress<ImportContentResult>(`/v1/spaces/${space.id}/content/import?${query}`, chosen, 'application/octet-stream', (sent) =>
                    setProgress(sent.sent >= sent.total ? { stage: 'importing' } : { stage: 'uploading', progress: sent }),
                  ),
                chosen.name,
              );
            } else {
              const value = url.current?.value.trim() ?? '';
              if (!value) return setError('URL to import is required.');
              const source = (urlKind.current?.value ?? 'website') as ImportUrlSource;
              setProgress({ stage: 'importing' });
              void run(() => api.post<ImportContentResult>(`/v1/spaces/${space.id}/content/import`, { url: value, source }), value);
            }
          }}
        >
          <fieldset>
            <legend>What to import</legend>
            <label class="check">
              <input type="radio" name="kind" value="file" checked={kind === 'file'} onChange={() => setKind('file')} /> A file
            </label>
            <label class="check">
              <input type="radio" name="kind" value="url" checked={kind === 'url'} onChange={() => setKind('url')} /> A URL
            </label>
          </fieldset>
          {kind === 'file' ? (
            <label>
              File to import
              <input ref={file} type="file" name="file" accept=".zip,.md,.markdown,.html,.htm,.docx,application/zip,text/markdown,text/html" />
            </label>
          ) : (
            <>
              <label>
                URL to import
                <input ref={url} type="url" name="url" placeholder="https://example.com/docs/" />
              </label>
              <label>
                It is
                <select ref={urlKind} name="source">
                  {URL_KINDS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
            </>
          )}
          <div class="actions">
            <button type="submit" disabled={progress !== undefined}>
              Import
            </button>
          </div>
        </form>
      )}
      <div role="status" class="announce">
        {progress?.stage === 'uploading' && (
          <>
            <progress aria-label="Upload" max={progress.progress.total || 1} value={progress.progress.sent} /> Uploading {formatBytes(progress.progress.sent)} of{' '}
            {formatBytes(progress.progress.total)}…
          </>
        )}
        {progress?.stage === 'importing' && 'Importing: the server converts the pages…'}
        {progress?.stage === 'reading' && 'Imported; reading what came in…'}
      </div>
      {error && (
        <p role="alert" class="error">
          The import failed: {error}
        </p>
      )}
      {report && <ImportReport spaceId={space.id} report={report} />}
    </>
  );
}

function ImportReport({ spaceId, report }: { spaceId: string; report: Report }) {
  const { result, pages } = report;
  return (
    <section class="notice" aria-labelledby="import-report">
      <h2 id="import-report" tabIndex={-1}>
        Import report
      </h2>
      <p>
        From <span class="wrap">{report.source}</span>: {result.importedResources} of {result.totalResources} resources imported (pages and files), in{' '}
        <a href={`/s/${spaceId}/~/revisions/${result.revision}`}>a new revision</a>.
      </p>
      {pages.length === 0 ? (
        <p>No page came in.</p>
      ) : (
        <>
          <p>{pages.length === 1 ? '1 page came in:' : `${pages.length} pages came in:`}</p>
          <ul class="imported-pages" aria-label="Imported pages">
            {pages.map((page) => (
              <li key={page.id} style={{ marginInlineStart: `${page.depth * 1.25}rem` }}>
                {page.path !== undefined && page.kind === 'document' ? <a href={`/s/${spaceId}/${page.path}`}>{page.title}</a> : page.title}
                {page.kind !== 'document' && <span class="tree-kind"> ({page.kind})</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
