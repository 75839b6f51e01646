import type { AnyExtension, NodeViewRendererProps } from '@tiptap/core';
import { Node } from '@tiptap/core';
import type { EditorServices } from '../editor/editor-services';
import { CARDS } from './card-views';
import { CodeBlockView, HintView, ItemsView, ListItemView, StepView, TabsItemView } from './container-views';
import { INLINE_VIEWS } from './inline-views';
import { ColumnsView, ColumnView, ConditionalView } from './layout-views';
import { EmbedView, FileView, ImageView } from './media-views';
import type { NodeViewBase, ViewContext } from './node-view-base';
import { TableValueView, TableView } from './table-view';

const VIEWS: Record<string, (context: ViewContext) => NodeViewBase> = {
  hint: (context) => new HintView(context),
  codeBlock: (context) => new CodeBlockView(context),
  listItem: (context) => new ListItemView(context),
  tabs: (context) => new ItemsView(context, 'tabsItem'),
  tabsItem: (context) => new TabsItemView(context),
  stepper: (context) => new ItemsView(context, 'stepperStep'),
  stepperStep: (context) => new StepView(context),
  image: (context) => new ImageView(context),
  file: (context) => new FileView(context),
  embed: (context) => new EmbedView(context),
  table: (context) => new TableView(context),
  tableValue: (context) => new TableValueView(context),
  columns: (context) => new ColumnsView(context),
  column: (context) => new ColumnView(context),
  conditional: (context) => new ConditionalView(context),
  ...CARDS,
  ...INLINE_VIEWS,
};

/** The schema's extensions with the editor's node views (the schema itself stays free of DOM). */
export function withNodeViews(extensions: AnyExtension[], services: EditorServices): AnyExtension[] {
  return extensions.map((extension) => {
    const view = VIEWS[extension.name];
    if (!view || !(extension instanceof Node)) return extension;
    return extension.extend({ addNodeView: () => (props: NodeViewRendererProps) => view({ props, services }) });
  });
}
