import { createPageEditor, type ContentRef, type PageEditor } from '@docs/editor';
import { useEffect, useRef, useState } from 'preact/hooks';
import { listAll } from '../api/client';
import type { JSONDocument } from '../api/types';
import { useEditorStyles } from './editor-styles';
import { convertMarkdown } from './markdown-converter';
import { loadPage, LoadedPage, savePage } from './page-saving';
import { showSection } from './section-anchor';
import { uploadFile } from './upload-file';

export interface PageEditorPanelProps {
  spaceId: string;
  pageId: string;
  editable: boolean;
  /** A section to open the page at (`#anchor` of the address). */
  anchor?: string;
  /** A page reference's title and app address (links to pages, content-ref cards). */
  resolvePage: (ref: ContentRef) => { title: string; href?: string } | undefined;
  onSaved: () => void;
}

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'error'; message: string } | { kind: 'conflict'; theirs: LoadedPage };

/**
 * A page of a space in the block editor. "Save" (or Mod-S) writes the body only when it differs
 * from what was read (an unchanged page writes no revision), with the revision it was read at:
 * when someone else saved the page meanwhile, both versions are shown and the writer chooses.
 */
export function PageEditorPanel({ spaceId, pageId, editable, anchor, resolvePage, onSaved }: PageEditorPanelProps) {
  useEditorStyles();
  const host = useRef<HTMLDivElement>(null);
  const files = useRef(new Map<string, string>());
  const editor = useRef<PageEditor | undefined>(undefined);
  const [page, setPage] = useState<LoadedPage>();
  const [loadError, setLoadError] = useState<string>();
  const [dirty, setDirty] = useState(false);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });

  useEffect(() => {
    let current = true;
    // The space's files (their download addresses), for the images and files of the page.
    Promise.all([loadPage(spaceId, pageId), listAll<{ id: string; downloadURL: string }>(`/v1/spaces/${spaceId}/content/files`)]).then(
      ([loaded, stored]) => {
        if (!current) return;
        files.current = new Map(stored.map((file) => [file.id, file.downloadURL]));
        setPage(loaded);
      },
      (error: Error) => current && setLoadError(error.message),
    );
    return () => {
      current = false;
    };
  }, [spaceId, pageId]);

  useEffect(() => {
    if (!page || !host.current) return;
    editor.current?.destroy();
    editor.current = createPageEditor(host.current, {
      document: page.document as object,
      readOnly: !editable,
      onChange: () => setDirty(editor.current?.isDirty() ?? false),
      uploadFile: (file) => uploadFile(spaceId, file),
      resolveFile: (fileId) => files.current.get(fileId),
      resolvePage,
      markdownToDocument: convertMarkdown,
    });
    setDirty(false);
    return () => editor.current?.destroy();
  }, [page?.etag, page?.id]);

  // Once the page is in the editor, and whenever the address names another section (not on saves).
  useEffect(() => {
    if (anchor && editor.current) showSection(editor.current, anchor);
  }, [anchor, page?.id]);

  /** Writes the editor's document on top of `base` (the page as read, or theirs after a conflict). */
  const saveOnto = async (base: LoadedPage) => {
    if (!editor.current) return;
    setState({ kind: 'saving' });
    try {
      const outcome = await savePage(spaceId, base, editor.current.getDocument() as unknown as JSONDocument);
      if (outcome.kind === 'conflict') return setState({ kind: 'conflict', theirs: outcome.theirs });
      setPage(outcome.page);
      setState({ kind: 'saved', at: new Date() });
      onSaved();
    } catch (error) {
      setState({ kind: 'error', message: (error as Error).message });
    }
  };

  const save = async () => {
    if (!page || !editor.current) return;
    if (!editor.current.isDirty()) return setState({ kind: 'saved', at: new Date() });
    await saveOnto(page);
  };

  // Mine goes on top of theirs: theirs stays in the history as a revision of its own.
  const keepMine = async () => {
    if (state.kind === 'conflict') await saveOnto(state.theirs);
  };

  if (loadError) return <p role="alert" class="error">The page could not be read: {loadError}</p>;
  if (!page) return <p role="status">Loading the page…</p>;
  return (
    <article
      class="page-editor"
      onKeyDown={(event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
          event.preventDefault();
          void save();
        }
      }}
    >
      <div class="page-editor-bar">
        <h1>{page.title}</h1>
        {editable && (
          <button type="button" onClick={save} disabled={state.kind === 'saving'}>
            Save
          </button>
        )}
      </div>
      <p role="status" class="save-state">
        {state.kind === 'saving' ? 'Saving…' : state.kind === 'saved' ? `Saved at ${state.at.toLocaleTimeString()}` : dirty ? 'Unsaved changes' : ''}
      </p>
      {state.kind === 'error' && (
        <p role="alert" class="error">
          Not saved: {state.message}
        </p>
      )}
      <div ref={host} class="editor-host" />
      {state.kind === 'conflict' && (
        <ConflictDialog
          theirs={state.theirs}
          onKeepMine={keepMine}
          onTakeTheirs={() => {
            setPage(state.theirs);
            setState({ kind: 'idle' });
          }}
        />
      )}
    </article>
  );
}

/** Someone saved the page first: their version beside the writer's, and the choice. */
function ConflictDialog({ theirs, onKeepMine, onTakeTheirs }: { theirs: LoadedPage; onKeepMine: () => void; onTakeTheirs: () => void }) {
  const view = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const reader = view.current ? createPageEditor(view.current, { document: theirs.document as object, readOnly: true }) : undefined;
    first.current?.focus();
    return () => reader?.destroy();
  }, [theirs.etag]);
  return (
    <div class="dialog-backdrop">
      <div role="dialog" aria-modal="true" aria-labelledby="conflict-title" class="dialog">
        <h2 id="conflict-title">Someone else saved this page</h2>
        <p>Their version is below; yours is still in the editor. Keep yours (theirs stays in the history) or take theirs (yours is dropped).</p>
        <section aria-label="Their version" class="their-version">
          <div ref={view} />
        </section>
        <div class="dialog-actions">
          <button ref={first} type="button" onClick={onKeepMine}>
            Keep my version
          </button>
          <button type="button" class="secondary" onClick={onTakeTheirs}>
            Take their version
          </button>
        </div>
      </div>
    </div>
  );
}
