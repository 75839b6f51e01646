/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { JSX } from 'preact';
import { OpenApiBlock } from '../openapi/openapi-block';
import { CodeBlock } from './code-block';
import { Columns, Conditional, ContentRefCard, Divider, Drawing, Embed, Expandable, FileDownload, Hint, Integration, MathBlock, ReusableContent, Stepper } from './container-blocks';
import type { DocNode } from './doc-node';
import { plainText } from './doc-node';
import { Images } from './images';
import { Tabs } from './tabs';
import { Table } from './table';
import { Heading, List, Paragraph, Quote } from './text-blocks';

/**
 * The dispatcher of the document: one component per block type, as GitBook's own DocumentView
 * does (`Block.tsx`). A block type it does not know renders its text (in a paragraph), never an
 * error.
 */
export function Blocks({ nodes }: { nodes: DocNode[] | undefined }) {
  return <>{(nodes ?? []).map((node, index) => <Block key={node.key ?? index} node={node} />)}</>;
}

export function Block({ node }: { node: DocNode }): JSX.Element | null {
  switch (node.type) {
    case 'paragraph':
      return <Paragraph node={node} />;
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return <Heading node={node} />;
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks':
      return <List node={node} />;
    case 'blockquote':
      return <Quote node={node} />;
    case 'hint':
      return <Hint node={node} />;
    case 'divider':
      return <Divider />;
    case 'code':
      return <CodeBlock node={node} />;
    case 'math':
      return <MathBlock node={node} />;
    case 'table':
      return <Table node={node} />;
    case 'images':
      return <Images node={node} />;
    case 'image':
      // An image outside an images block (older documents): as a block of one.
      return <Images node={{ object: 'block', type: 'images', data: {}, nodes: [node] }} />;
    case 'file':
      return <FileDownload node={node} />;
    case 'drawing':
      return <Drawing node={node} />;
    case 'embed':
      return <Embed node={node} />;
    case 'tabs':
      return <Tabs node={node} />;
    case 'expandable':
      return <Expandable node={node} />;
    case 'stepper':
      return <Stepper node={node} />;
    case 'content-ref':
      return <ContentRefCard node={node} />;
    case 'reusable-content':
      return <ReusableContent node={node} />;
    case 'if':
      return <Conditional node={node} />;
    case 'columns':
      return <Columns node={node} />;
    case 'openapi-operation':
    case 'openapi-schemas':
    case 'openapi-webhook':
    case 'swagger':
      return <OpenApiBlock node={node} />;
    case 'integration':
      return <Integration node={node} />;
    default:
      return <UnknownBlock node={node} />;
  }
}

/** A block the renderer does not know: its text, if it has any. */
export function UnknownBlock({ node }: { node: DocNode }) {
  const text = plainText(node).trim();
  return text ? <p class="unknown-block">{text}</p> : null;
}
