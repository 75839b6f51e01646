import { createPageEditor } from '@docs/editor';
import { useEffect, useRef } from 'preact/hooks';
import { api } from '../api/client';
import type { JSONDocument } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { useEditorStyles } from './editor-styles';

interface RevisionPageReaderProps {
  spaceId: string;
  revisionId: string;
  pageId: string;
  /** The revision's files (its images' addresses). */
  files: { id: string; downloadURL: string }[];
  /** The revision's pages by id (links to pages lead to them as they were). */
  pages: Map<string, { title: string; href?: string }>;
}

/** A page as it was at a revision: its title and its body in the editor, read-only. */
export function RevisionPageReader({ spaceId, revisionId, pageId, files, pages }: RevisionPageReaderProps) {
  useEditorStyles();
  const host = useRef<HTMLDivElement>(null);
  const page = useResource(`revision-page:${revisionId}:${pageId}`, () =>
    api.get<{ title: string; document: JSONDocument }>(`/v1/spaces/${spaceId}/revisions/${revisionId}/page/${pageId}?format=document`),
  );
  useEffect(() => {
    if (!page.data || !host.current) return;
    const byId = new Map(files.map((file) => [file.id, file.downloadURL]));
    const reader = createPageEditor(host.current, {
      document: page.data.document as object,
      readOnly: true,
      resolveFile: (fileId) => byId.get(fileId),
      resolvePage: (ref) => (ref.kind === 'page' && (!ref.space || ref.space === spaceId) ? pages.get(ref.page) : undefined),
    });
    return () => reader.destroy();
  }, [page.data]);
  return (
    <article class="page-editor" aria-labelledby="revision-page-title">
      <Status resource={page} what="the page" />
      {page.data && <h2 id="revision-page-title">{page.data.title}</h2>}
      <div ref={host} class="editor-host" />
    </article>
  );
}
