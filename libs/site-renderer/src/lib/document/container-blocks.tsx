/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { renderMath } from '../math/katex';
import type { ContentReference } from '../model/document-context';
import { Blocks } from './blocks';
import type { DocNode } from './doc-node';
import { fragmentNodes, plainText } from './doc-node';
import { assignAnchors } from './heading-anchors';
import { Inlines } from './inlines';
import { useRenderState } from './render-state';
import { safeHref } from './safe-href';

const HINT_STYLES: Record<string, { icon: string; label: string }> = {
  info: { icon: 'ℹ', label: 'Info' },
  success: { icon: '✓', label: 'Success' },
  warning: { icon: '!', label: 'Warning' },
  danger: { icon: '✕', label: 'Danger' },
};

/** A hint: a coloured note of one of four styles (another style reads as info, as markdown does). */
export function Hint({ node }: { node: DocNode }) {
  const style = HINT_STYLES[node.data?.style] ? (node.data!.style as string) : 'info';
  return (
    <div class={`hint hint-${style}`} role="note" aria-label={HINT_STYLES[style].label}>
      <span class="hint-icon" aria-hidden="true">
        {HINT_STYLES[style].icon}
      </span>
      <div class="hint-body">
        <Blocks nodes={node.nodes} />
      </div>
    </div>
  );
}

export function Divider() {
  return <hr />;
}

/** A formula on its own line (KaTeX). */
export function MathBlock({ node }: { node: DocNode }) {
  const state = useRenderState();
  state.usesMath = true;
  return <div class="math-block" dangerouslySetInnerHTML={{ __html: renderMath(String(node.data?.formula ?? ''), true) }} />;
}

function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** A file of the revision to download: its name, type and size. */
export function FileDownload({ node }: { node: DocNode }) {
  const { context } = useRenderState();
  const ref = node.data?.ref as ContentReference | undefined;
  const file = ref?.kind === 'file' && typeof ref.file === 'string' ? context.file(ref.file) : undefined;
  if (!file) return null;
  return (
    <p class="file-block">
      <a class="file-download" href={file.url} download={file.name}>
        <span class="file-icon" aria-hidden="true">
          ⤓
        </span>
        <span class="file-name">{file.name}</span>
        <span class="file-meta">
          {file.contentType} · {formatSize(file.size)}
        </span>
      </a>
    </p>
  );
}

/** A drawing: the image its file holds. */
export function Drawing({ node }: { node: DocNode }) {
  const { context } = useRenderState();
  const ref = node.data?.ref as ContentReference | undefined;
  const file = ref?.kind === 'file' && typeof ref.file === 'string' ? context.file(ref.file) : undefined;
  if (!file) return null;
  return (
    <figure class="drawing">
      <img src={file.url} alt={file.name} width={file.width ?? undefined} height={file.height ?? undefined} loading="lazy" decoding="async" />
    </figure>
  );
}

/** An embed, as a link to what it embeds: no third-party frame or script runs on the site. */
export function Embed({ node }: { node: DocNode }) {
  const href = safeHref(typeof node.data?.url === 'string' ? node.data.url : undefined);
  if (!href) return null;
  let host = href;
  try {
    host = new URL(href).host;
  } catch {
    // a relative URL: shown as it is
  }
  return (
    <p class="embed">
      <a class="embed-link external" href={href} rel="noopener">
        <span class="embed-host">{host}</span>
        <span class="embed-url">{href}</span>
      </a>
    </p>
  );
}

/** An expandable: a disclosure (`<details>`), closed until the reader opens it. */
export function Expandable({ node }: { node: DocNode }) {
  const title = fragmentNodes(node, 'expandable-title');
  const body = fragmentNodes(node, 'expandable-body');
  return (
    <details class="expandable" id={typeof node.meta?.id === 'string' ? node.meta.id : undefined}>
      <summary>{title.length > 0 ? title.map((paragraph, i) => <Inlines key={i} nodes={paragraph.nodes} />) : 'Details'}</summary>
      <div class="expandable-body">
        <Blocks nodes={body} />
      </div>
    </details>
  );
}

/** A stepper: numbered steps. */
export function Stepper({ node }: { node: DocNode }) {
  const steps = (node.nodes ?? []).filter((step) => step.type === 'stepper-step');
  return (
    <ol class="stepper">
      {steps.map((step, index) => (
        <li key={index} class="step">
          <Blocks nodes={step.nodes} />
        </li>
      ))}
    </ol>
  );
}

/** A content reference: a card linking to a page, a space or a URL, titled with the target's title. */
export function ContentRefCard({ node }: { node: DocNode }) {
  const { context } = useRenderState();
  const ref = node.data?.ref as ContentReference | undefined;
  const target = ref ? context.link(ref) : undefined;
  const href = safeHref(target?.href);
  if (!target || !href) return null;
  return (
    <p class="content-ref">
      <a class={target.external ? 'content-ref-link external' : 'content-ref-link'} href={href} rel={target.external ? 'noopener' : undefined}>
        <span class="content-ref-title">{target.title ?? href}</span>
        <span class="content-ref-arrow" aria-hidden="true">
          →
        </span>
      </a>
    </p>
  );
}

/**
 * A reusable content: its body, rendered in place. Its headings get anchors after the page's
 * own (so that none repeats); a body that (through others) embeds itself stops there.
 */
export function ReusableContent({ node }: { node: DocNode }) {
  const state = useRenderState();
  const chain = useContext(ReusableChain);
  const id = typeof node.data?.ref?.reusableContent === 'string' ? (node.data.ref.reusableContent as string) : undefined;
  if (!id || chain.includes(id) || chain.length >= 8) return null;
  const document = state.context.reusableContent(id) as DocNode | undefined;
  if (!document) return null;
  assignAnchors(document, state.anchorAllocator, state.anchors);
  return (
    <ReusableChain.Provider value={[...chain, id]}>
      <div class="reusable-content">
        <Blocks nodes={document.nodes} />
      </div>
    </ReusableChain.Provider>
  );
}

/** The reusable contents being rendered, outermost first (children render after their parent returns). */
const ReusableChain = createContext<string[]>([]);

/** A conditional block (adaptive content): shown when its expression holds for this visitor. */
export function Conditional({ node }: { node: DocNode }) {
  const { context } = useRenderState();
  const expression = typeof node.data?.expression === 'string' ? node.data.expression : '';
  if (!expression || !context.condition(expression)) return null;
  return <Blocks nodes={node.nodes} />;
}

/** Columns side by side (stacked on narrow screens). */
export function Columns({ node }: { node: DocNode }) {
  const columns = (node.nodes ?? []).filter((column) => column.type === 'column');
  return (
    <div class={node.data?.fullWidth ? 'columns full-width' : 'columns'}>
      {columns.map((column, index) => (
        <div key={index} class="column">
          <Blocks nodes={column.nodes} />
        </div>
      ))}
    </div>
  );
}

/** An integration block: no integration runs on the site; its URL, when it has one, as a link. */
export function Integration({ node }: { node: DocNode }) {
  const href = safeHref(typeof node.data?.url === 'string' ? node.data.url : undefined);
  const text = plainText(node).trim();
  if (href) {
    return (
      <p class="integration">
        <a class="external" href={href} rel="noopener">
          {href}
        </a>
      </p>
    );
  }
  return text ? <p class="integration">{text}</p> : null;
}
