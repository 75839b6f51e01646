import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { HeadingAnchors } from '@docs/document-model';
import { CodeHighlighter } from '../code/highlighter';
import type { DocumentContext } from '../model/document-context';
import type { DocNode } from './doc-node';

/** A heading of the rendered document, for "on this page". */
export interface OutlineHeading {
  id: string;
  title: string;
  /** 1 to 3: the depth below the page's title (a document whose headings start at level 2 has them at 1). */
  level: number;
}

/**
 * What one document render shares across its components: the site's lookups, the anchors of its
 * headings (assigned before rendering, in the content library's order), and what the render
 * collects on the way (the outline, the code token classes used, whether math needs KaTeX's
 * stylesheet). One per render, never shared between requests.
 */
export class RenderState {
  readonly anchors = new Map<DocNode, string>();
  readonly anchorAllocator = new HeadingAnchors();
  readonly outline: OutlineHeading[] = [];
  readonly codeClasses = new Set<string>();
  usesMath = false;
  /** The highest heading level the document uses (1 to 3): it becomes `h2`, under the page's title. */
  topHeadingLevel = 1;
  usesOpenApi = false;
  private ids = 0;

  constructor(
    readonly context: DocumentContext,
    readonly highlighter: CodeHighlighter,
    /** Prefix of ids the render makes up (tabs, annotations), unique within the page. */
    readonly idPrefix = 'b',
  ) {}

  uniqueId(kind: string): string {
    return `${this.idPrefix}-${kind}-${(this.ids++).toString(36)}`;
  }
}

export const RenderStateContext = createContext<RenderState | null>(null);

export function useRenderState(): RenderState {
  const state = useContext(RenderStateContext);
  if (!state) throw new Error('document components render inside renderDocument');
  return state;
}
