import { createPageEditor, type ContentRef, type FileChoice, type MemberChoice, type PageChoice, type PageEditor } from '@docs/editor';
import { useEffect, useRef, useState } from 'preact/hooks';
import { listAll } from '../api/client';
import { documentKeys } from '../comments/document-keys';
import type { JSONDocument } from '../api/types';
import { useEditorStyles } from './editor-styles';
import { convertMarkdown } from './markdown-converter';
import { loadPage, LoadedPage, sameDocument, savePage } from './page-saving';
import { showSection } from './section-anchor';
import { uploadFile } from './upload-file';

/** Writing through a change request instead of into the content the page was read from. */
export interface ChangeRequestWriting {
  /** The space is locked: the first change opens the change request. Otherwise the writer chooses to. */
  required: boolean;
  /** Opens (or gives the one already open of) the change request: its content's API path. */
  open: () => Promise<string>;
}

export interface PageEditorPanelProps {
  /** The content the page is read from and saved to (api/content-paths.ts), fixed for the panel's life. */
  content: string;
  pageId: string;
  editable: boolean;
  /** Present where the writing may, or must, go to a change request (a space's page). */
  changeRequest?: ChangeRequestWriting;
  /** The title's heading level: 1 alone on a screen, 2 under a change request's title. */
  titleLevel?: 1 | 2;
  /** A section to open the page at (`#anchor` of the address). */
  anchor?: string;
  /** A page reference's title and app address (links to pages, content-ref cards). */
  resolvePage: (ref: ContentRef) => { title: string; href?: string } | undefined;
  /** The space's pages, for the editor's link pickers. */
  pages: PageChoice[];
  /** The space's organization: its members are who a mention (`@`) may name. */
  organizationId?: string;
  onSaved: () => void;
  /** Told the block the cursor is in (its document `key` and text; one the saved page holds), what a comment on the page's text targets. */
  onSelectBlock?: (block: SelectedBlock | undefined) => void;
}

export interface SelectedBlock {
  key: string;
  text: string;
}

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'error'; message: string } | { kind: 'conflict'; theirs: LoadedPage };

/**
 * A page in the block editor. "Save" (or Mod-S) writes the body only when it differs from what was
 * read (an unchanged page writes no revision), with the revision it was read at: when someone else
 * saved the page meanwhile, both versions are shown and the writer chooses. Where a change request
 * is asked for, the writing moves there with what was typed so far, and saves go to it.
 */
export function PageEditorPanel({ content, pageId, editable, changeRequest, titleLevel = 1, anchor, resolvePage, pages, organizationId, onSaved, onSelectBlock }: PageEditorPanelProps) {
  useEditorStyles();
  const host = useRef<HTMLDivElement>(null);
  const files = useRef(new Map<string, string>());
  const fileChoices = useRef<FileChoice[]>([]);
  const members = useRef<MemberChoice[]>([]);
  // The pickers read the lists as they are when opened (the editor outlives a reload of the tree).
  const pageList = useRef(pages);
  pageList.current = pages;
  const editor = useRef<PageEditor | undefined>(undefined);
  // Where saves go and the page as last read or saved there: they move to a change request without remaking the editor.
  const target = useRef(content);
  const base = useRef<LoadedPage | undefined>(undefined);
  const switching = useRef<Promise<void> | undefined>(undefined);
  const [page, setPage] = useState<LoadedPage>();
  const [inChangeRequest, setInChangeRequest] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  const [dirty, setDirty] = useState(false);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  // The node keys of the page as last read or saved, computed once per version (the cursor moves often).
  const keysOf = useRef<{ page?: LoadedPage; keys: Set<string> }>({ keys: new Set() });
  const savedKeys = (saved: LoadedPage | undefined) => {
    if (keysOf.current.page !== saved) keysOf.current = { page: saved, keys: saved ? documentKeys(saved.document) : new Set() };
    return keysOf.current.keys;
  };

  useEffect(() => {
    let current = true;
    // The content's files (their download addresses and names), for the images and files of the page and the link pickers.
    Promise.all([loadPage(content, pageId), listAll<{ id: string; name: string; downloadURL: string }>(`${content}/files`)]).then(
      ([loaded, stored]) => {
        if (!current) return;
        files.current = new Map(stored.map((file) => [file.id, file.downloadURL]));
        fileChoices.current = stored.map((file) => ({ id: file.id, name: file.name }));
        base.current = loaded;
        setPage(loaded);
      },
      (error: Error) => current && setLoadError(error.message),
    );
    return () => {
      current = false;
    };
    // The panel is keyed by page: `content` is read once, then `target` says where saves go.
  }, [pageId]);

  /** Moves the writing to the change request (once): the page there, read now, becomes the base of the next save. */
  const moveToChangeRequest = (): Promise<void> => {
    if (!changeRequest || inChangeRequest) return Promise.resolve();
    switching.current ??= (async () => {
      const path = await changeRequest.open();
      const there = await loadPage(path, pageId);
      const startedFrom = base.current!;
      target.current = path;
      setInChangeRequest(true);
      // Someone saved this page in the space before the change request began: the writer chooses, as on any conflict.
      if (!sameDocument(there.document, startedFrom.document)) setState({ kind: 'conflict', theirs: there });
      base.current = there;
    })().catch((error: Error) => {
      switching.current = undefined;
      setState({ kind: 'error', message: `The change request could not be opened: ${error.message}` });
    });
    return switching.current;
  };

  // Who a mention may name. Not having them (a reader without access to the member list) only empties the `@` list.
  useEffect(() => {
    if (!organizationId) return;
    let current = true;
    listAll<{ user: { id: string; displayName: string; email?: string } }>(`/v1/orgs/${organizationId}/members`).then(
      (found) => {
        if (current) members.current = found.map(({ user }) => ({ id: user.id, name: user.displayName, email: user.email }));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [organizationId]);

  useEffect(() => {
    if (!page || !host.current) return;
    editor.current?.destroy();
    editor.current = createPageEditor(host.current, {
      document: page.document as object,
      readOnly: !editable,
      onChange: () => {
        const changed = editor.current?.isDirty() ?? false;
        setDirty(changed);
        if (changed && changeRequest?.required) void moveToChangeRequest();
      },
      uploadFile: async (file) => {
        if (changeRequest?.required) await moveToChangeRequest();
        return uploadFile(target.current, file);
      },
      resolveFile: (fileId) => files.current.get(fileId),
      resolvePage,
      listPages: () => pageList.current,
      listFiles: () => fileChoices.current,
      listMembers: () => members.current,
      markdownToDocument: convertMarkdown,
    });
    if (onSelectBlock) {
      const tiptap = editor.current.editor;
      // The innermost node around the cursor that the saved page holds: a paragraph, a heading, a list item...
      const reportBlock = () => {
        const saved = savedKeys(base.current);
        const { $from } = tiptap.state.selection;
        for (let depth = $from.depth; depth > 0; depth--) {
          const node = $from.node(depth);
          const key = node.attrs['key'];
          if (typeof key === 'string' && saved.has(key)) return onSelectBlock({ key, text: node.textContent });
        }
        onSelectBlock(undefined);
      };
      // On focus too: a click or Tab into the editor may leave the cursor where it already was.
      tiptap.on('selectionUpdate', reportBlock);
      tiptap.on('focus', reportBlock);
    }
    setDirty(false);
    return () => editor.current?.destroy();
  }, [page?.etag, page?.id]);

  // Once the page is in the editor, and whenever the address names another section (not on saves).
  useEffect(() => {
    if (anchor && editor.current) showSection(editor.current, anchor);
  }, [anchor, page?.id]);

  /** Writes the editor's document on top of `onto` (the page as last read or saved, or theirs after a conflict). */
  const saveOnto = async (onto: LoadedPage) => {
    if (!editor.current) return;
    setState({ kind: 'saving' });
    try {
      const outcome = await savePage(target.current, onto, editor.current.getDocument() as unknown as JSONDocument);
      if (outcome.kind === 'conflict') return setState({ kind: 'conflict', theirs: outcome.theirs });
      base.current = outcome.page;
      setPage(outcome.page);
      setState({ kind: 'saved', at: new Date() });
      onSaved();
    } catch (error) {
      setState({ kind: 'error', message: (error as Error).message });
    }
  };

  const save = async () => {
    if (!base.current || !editor.current) return;
    if (changeRequest?.required) await moveToChangeRequest();
    if (switching.current) await switching.current;
    if (!editor.current.isDirty() && sameDocument(editor.current.getDocument(), base.current.document)) return setState({ kind: 'saved', at: new Date() });
    await saveOnto(base.current);
  };

  // Mine goes on top of theirs: theirs stays in the history as a revision of its own.
  const keepMine = async () => {
    if (state.kind === 'conflict') await saveOnto(state.theirs);
  };

  if (loadError) return <p role="alert" class="error">The page could not be read: {loadError}</p>;
  if (!page) return <p role="status">Loading the page…</p>;
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  return (
    <article
      class="page-editor"
      aria-label={titleLevel === 2 ? page.title : undefined}
      onKeyDown={(event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
          event.preventDefault();
          void save();
        }
      }}
    >
      <div class="page-editor-bar">
        <Title>{page.title}</Title>
        {editable && changeRequest && !changeRequest.required && !inChangeRequest && (
          <button type="button" class="secondary" onClick={() => void moveToChangeRequest()}>
            Edit in a change request
          </button>
        )}
        {editable && (
          <button type="button" onClick={save} disabled={state.kind === 'saving'}>
            Save
          </button>
        )}
      </div>
      {editable && changeRequest?.required && !inChangeRequest && <p class="note">This space is locked: your first change opens a change request, and saves go there.</p>}
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
            base.current = state.theirs;
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
