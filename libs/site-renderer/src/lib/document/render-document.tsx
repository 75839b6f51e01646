/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { renderToString } from 'preact-render-to-string';
import { codeHighlighter } from '../code/highlighter';
import type { DocumentContext } from '../model/document-context';
import { Blocks } from './blocks';
import type { DocNode } from './doc-node';
import { documentSummary } from './document-summary';
import { assignAnchors } from './heading-anchors';
import { OutlineHeading, RenderState, RenderStateContext } from './render-state';

export interface RenderedDocument {
  /** The body's HTML (to place in the page's article). */
  html: string;
  /** Its headings, in order: "on this page". */
  outline: OutlineHeading[];
  /** CSS rules of the code token classes it uses. */
  codeCss: string;
  /** Whether it holds math (the page then links KaTeX's stylesheet). */
  usesMath: boolean;
  /** Its first paragraph's text, shortened (document-summary.ts): what describes a page without a description. */
  summary?: string;
}

/**
 * A JSONDocument as HTML: pure (every lookup goes through `context`), synchronous, and safe for
 * any stored document (unknown blocks render their text; text is escaped by Preact; links pass
 * `safeHref`). Heading anchors are assigned first, in the content library's order.
 */
export function renderDocument(document: { nodes?: unknown[] }, context: DocumentContext): RenderedDocument {
  const state = new RenderState(context, codeHighlighter());
  const root = document as unknown as DocNode;
  assignAnchors(root, state.anchorAllocator, state.anchors);
  let top = 3;
  for (const node of state.anchors.keys()) top = Math.min(top, Number(node.type!.slice(-1)));
  state.topHeadingLevel = top;
  const html = renderToString(
    <RenderStateContext.Provider value={state}>
      <Blocks nodes={root.nodes} />
    </RenderStateContext.Provider>,
  );
  const summary = documentSummary(root, context);
  return { html, outline: state.outline, codeCss: state.highlighter.css(state.codeClasses), usesMath: state.usesMath, ...(summary ? { summary } : {}) };
}
