/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { ComponentChildren, JSX } from 'preact';
import { renderMath } from '../math/katex';
import type { ContentReference } from '../model/document-context';
import type { DocLeaf, DocNode } from './doc-node';
import { emojiText, plainText } from './doc-node';
import { useRenderState } from './render-state';
import { safeHref } from './safe-href';

/**
 * Inline content: text leaves with their marks, and the inline nodes of the content model
 * (links, mentions, buttons, emojis, icons, expressions, inline math and images, annotations).
 * One dispatcher (`Inline`) picks the component of each node type; an inline it does not know
 * renders its text.
 */
export function Inlines({ nodes }: { nodes: DocNode[] | undefined }) {
  return <>{(nodes ?? []).map((node, index) => (node.object === 'text' ? <Text key={index} node={node} /> : <Inline key={index} node={node} />))}</>;
}

const COLORS = new Set(['default', 'green', 'blue', 'red', 'orange', 'yellow', 'purple', '$primary', '$info', '$success', '$warning', '$danger']);
const colorName = (value: unknown) => (typeof value === 'string' && COLORS.has(value) && value !== 'default' ? value.replace('$', '') : undefined);

function Text({ node }: { node: DocNode }) {
  return <>{(node.leaves ?? []).map((leaf, index) => <Leaf key={index} leaf={leaf} />)}</>;
}

/** A run of text: each mark wraps it in its element, code innermost (as markdown nests them). */
function Leaf({ leaf }: { leaf: DocLeaf }) {
  let out: ComponentChildren = withBreaks(leaf.text);
  const marks = leaf.marks ?? [];
  const has = (type: string) => marks.some((mark) => mark.type === type);
  if (has('code')) out = <code>{out}</code>;
  if (has('keyboard')) out = <kbd>{out}</kbd>;
  if (has('subscript')) out = <sub>{out}</sub>;
  if (has('superscript')) out = <sup>{out}</sup>;
  if (has('italic')) out = <em>{out}</em>;
  if (has('bold')) out = <strong>{out}</strong>;
  if (has('strikethrough')) out = <s>{out}</s>;
  const color = marks.find((mark) => mark.type === 'color');
  if (color) {
    const text = colorName(color.data?.text);
    const background = colorName(color.data?.background);
    const classes = [text && `text-${text}`, background && `bg-${background}`].filter(Boolean).join(' ');
    if (classes) out = <mark class={`color ${classes}`}>{out}</mark>;
  }
  return <>{out}</>;
}

/** Line breaks inside text (shift-enter in the editor) as `<br>`. */
function withBreaks(text: string): ComponentChildren {
  if (!text.includes('\n')) return text;
  const parts = text.split('\n');
  return parts.flatMap((part, index) => (index === 0 ? [part] : [<br key={index} />, part]));
}

function Inline({ node }: { node: DocNode }): JSX.Element {
  switch (node.type) {
    case 'link':
      return <Link node={node} />;
    case 'mention':
      return <Mention node={node} />;
    case 'button':
      return <Button node={node} />;
    case 'emoji':
      return <Emoji node={node} />;
    case 'icon':
      return <span class="inline-icon" role="img" aria-label={String(node.data?.icon ?? 'icon')} title={String(node.data?.icon ?? '')} />;
    case 'expression':
      return <Expression node={node} />;
    case 'inline-math':
      return <InlineMath node={node} />;
    case 'inline-image':
      return <InlineImage node={node} />;
    case 'annotation':
      return <Annotation node={node} />;
    default:
      // An inline the renderer does not know: its text.
      return <>{plainText(node)}</>;
  }
}

function Link({ node }: { node: DocNode }) {
  const { context } = useRenderState();
  const ref = node.data?.ref as ContentReference | undefined;
  const target = ref ? context.link(ref) : undefined;
  const href = safeHref(target?.href);
  if (!target || !href) return <Inlines nodes={node.nodes} />;
  return (
    <a href={href} class={target.external ? 'external' : undefined} rel={target.external ? 'noopener' : undefined}>
      <Inlines nodes={node.nodes} />
    </a>
  );
}

function Mention({ node }: { node: DocNode }) {
  const { context } = useRenderState();
  const ref = node.data?.ref as ContentReference | undefined;
  const target = ref ? context.link(ref) : undefined;
  const label = target?.title ?? plainText(node);
  const href = safeHref(target?.href);
  if (!target || !href) return <span class="mention">{label}</span>;
  return (
    <a class="mention" href={href}>
      {label || href}
    </a>
  );
}

function Button({ node }: { node: DocNode }) {
  const { context } = useRenderState();
  const ref = node.data?.ref as ContentReference | undefined;
  const target = ref ? context.link(ref) : undefined;
  const label = String(node.data?.label ?? '');
  const kind = node.data?.kind === 'secondary' ? 'secondary' : 'primary';
  const href = safeHref(target?.href);
  if (!target || !href) return <span class={`button ${kind}`}>{label}</span>;
  return (
    <a class={`button ${kind}`} href={href} rel={target.external ? 'noopener' : undefined}>
      {label}
    </a>
  );
}

function Emoji({ node }: { node: DocNode }) {
  return <>{emojiText(String(node.data?.code ?? ''))}</>;
}

function Expression({ node }: { node: DocNode }) {
  const { context } = useRenderState();
  const value = context.expression(String(node.data?.expression ?? ''));
  return <span class="expression">{value ?? ''}</span>;
}

function InlineMath({ node }: { node: DocNode }) {
  const state = useRenderState();
  state.usesMath = true;
  return <span class="math-inline" dangerouslySetInnerHTML={{ __html: renderMath(String(node.data?.formula ?? ''), false) }} />;
}

function InlineImage({ node }: { node: DocNode }) {
  const { context } = useRenderState();
  const source = imageSource(context, node.data?.ref as ContentReference | undefined);
  if (!source) return <>{String(node.data?.alt ?? '')}</>;
  const dark = imageSource(context, node.data?.refDark as ContentReference | undefined);
  const alt = String(node.data?.alt ?? node.data?.caption ?? '');
  const line = node.data?.size === 'line';
  const img = (src: ImageSource, only?: 'light' | 'dark') => (
    <img
      class={[line ? 'inline-image line' : 'inline-image', only ? `only-${only}` : ''].filter(Boolean).join(' ')}
      src={src.url}
      alt={alt}
      width={src.width ?? undefined}
      height={src.height ?? undefined}
      loading="lazy"
      decoding="async"
    />
  );
  return dark ? (
    <>
      {img(source, 'light')}
      {img(dark, 'dark')}
    </>
  ) : (
    img(source)
  );
}

/** An annotated word: the word, and its note shown on hover or focus (as plain text: a paragraph holds no blocks). */
function Annotation({ node }: { node: DocNode }) {
  const state = useRenderState();
  const id = state.uniqueId('note');
  const body = (node.fragments ?? []).map((fragment) => plainText(fragment)).join(' ').trim();
  return (
    <span class="annotation">
      <button type="button" class="annotation-term" aria-describedby={id}>
        <Inlines nodes={node.nodes} />
      </button>
      <span role="tooltip" id={id} class="annotation-body">
        {body}
      </span>
    </span>
  );
}

export interface ImageSource {
  url: string;
  width?: number | null;
  height?: number | null;
}

/** An image reference (a file of the revision, or a URL) as what `<img>` needs. */
export function imageSource(context: ReturnType<typeof useRenderState>['context'], ref: ContentReference | undefined): ImageSource | undefined {
  if (!ref) return undefined;
  if (ref.kind === 'file' && typeof ref.file === 'string') {
    const file = context.file(ref.file);
    return file ? { url: file.url, width: file.width, height: file.height } : undefined;
  }
  if (ref.kind === 'url' && typeof ref.url === 'string' && /^(https?:|\/|data:image\/)/i.test(ref.url)) return { url: ref.url };
  return undefined;
}
