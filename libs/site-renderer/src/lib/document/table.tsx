/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import type { ContentReference } from '../model/document-context';
import { Blocks } from './blocks';
import type { DocNode } from './doc-node';
import { imageSource, Inlines } from './inlines';
import { useRenderState } from './render-state';
import { safeHref } from './safe-href';

interface Definition {
  id?: string;
  type?: string;
  title?: string;
  textAlignment?: string;
  options?: { value: string; label: string; color?: string }[];
  max?: number;
}

interface TableRecord {
  orderIndex?: string;
  values?: Record<string, unknown>;
}

function recordsOf(node: DocNode): TableRecord[] {
  return Object.values<TableRecord>(node.data?.records ?? {}).sort((a, b) => {
    const x = String(a.orderIndex ?? '');
    const y = String(b.orderIndex ?? '');
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** A table block: a grid (an HTML table), or cards (`view.type: cards`, a grid of linked cards). */
export function Table({ node }: { node: DocNode }) {
  const view = node.data?.view ?? {};
  if (view.type === 'cards') return <Cards node={node} />;
  const columns: string[] = Array.isArray(view.columns) ? view.columns : [];
  const definition: Record<string, Definition> = node.data?.definition ?? {};
  if (columns.length === 0) return null;
  const align = (id: string) => {
    const alignment = definition[id]?.textAlignment;
    return alignment === 'center' || alignment === 'right' ? `align-${alignment}` : undefined;
  };
  const records = recordsOf(node);
  return (
    <div class={node.data?.fullWidth ? 'table-wrap full-width' : 'table-wrap'} role="region" aria-label="Table" tabindex={0}>
      <table>
        {view.hideHeader === true ? null : (
          <thead>
            <tr>
              {columns.map((id) => (
                <th key={id} scope="col" class={align(id)}>
                  {definition[id]?.title ?? ''}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {records.map((record, row) => (
            <tr key={row}>
              {columns.map((id) => (
                <td key={id} class={align(id)}>
                  <CellValue table={node} definition={definition[id] ?? {}} value={record.values?.[id]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One cell, by the type of its column. Text cells name a fragment of the table holding their content. */
function CellValue({ table, definition, value }: { table: DocNode; definition: Definition; value: unknown }): ComponentChildren {
  const { context } = useRenderState();
  if (value === undefined || value === null) return null;
  switch (definition.type) {
    case 'checkbox':
      return <input type="checkbox" checked={value === true} disabled aria-label={value === true ? 'Yes' : 'No'} />;
    case 'rating': {
      const max = Math.max(1, Math.min(10, Number(definition.max ?? 5)));
      const rating = Math.max(0, Math.min(max, Number(value) || 0));
      return (
        <span class="rating" role="img" aria-label={`${rating} out of ${max}`}>
          {'★'.repeat(rating)}
          {'☆'.repeat(max - rating)}
        </span>
      );
    }
    case 'select': {
      const values = Array.isArray(value) ? value : [value];
      return (
        <>
          {values.map((v, i) => {
            const option = definition.options?.find((o) => o.value === v);
            return (
              <span key={i} class="tag">
                {option?.label ?? String(v)}
              </span>
            );
          })}
        </>
      );
    }
    case 'files': {
      const ids = Array.isArray(value) ? value : [value];
      return (
        <>
          {ids.map((id, i) => {
            const file = typeof id === 'string' ? context.file(id) : undefined;
            return file ? (
              <a key={i} class="file-link" href={file.url}>
                {file.name}
              </a>
            ) : null;
          })}
        </>
      );
    }
    case 'content-ref': {
      const target = typeof value === 'object' ? context.link(value as ContentReference) : undefined;
      const href = safeHref(target?.href);
      return href ? <a href={href}>{target?.title ?? href}</a> : null;
    }
    case 'image': {
      const ref = (typeof value === 'object' && value && 'ref' in value ? (value as { ref: ContentReference }).ref : value) as ContentReference;
      const source = imageSource(context, ref);
      return source ? <img src={source.url} alt="" width={source.width ?? undefined} height={source.height ?? undefined} loading="lazy" decoding="async" /> : null;
    }
    case 'users':
      return <>{(Array.isArray(value) ? value : [value]).map(String).join(', ')}</>;
    case 'number':
      return <>{String(value)}</>;
    default: {
      const fragment = typeof value === 'string' ? (table.fragments ?? []).find((f) => f.fragment === value) : undefined;
      if (fragment) return <FragmentInline nodes={fragment.nodes ?? []} />;
      return <>{typeof value === 'object' ? '' : String(value)}</>;
    }
  }
}

/** A cell's fragment: one paragraph stays inline; more become blocks. */
function FragmentInline({ nodes }: { nodes: DocNode[] }) {
  if (nodes.length === 1 && nodes[0].type === 'paragraph') return <Inlines nodes={nodes[0].nodes} />;
  return <Blocks nodes={nodes} />;
}

/**
 * Cards (a table shown as `cards`): each record a card with its cover image, its text columns,
 * and the whole card a link when the target column holds a reference.
 */
function Cards({ node }: { node: DocNode }) {
  const { context } = useRenderState();
  const view = node.data?.view ?? {};
  const columns: string[] = Array.isArray(view.columns) ? view.columns : [];
  const definition: Record<string, Definition> = node.data?.definition ?? {};
  const textColumns = columns.filter((id) => id !== view.targetDefinition && id !== view.coverDefinition && id !== view.coverDefinitionDark);
  return (
    <ul class={`cards ${view.cardSize === 'large' ? 'large' : 'medium'}`}>
      {recordsOf(node).map((record, index) => {
        const target = view.targetDefinition ? record.values?.[view.targetDefinition] : undefined;
        const link = target && typeof target === 'object' ? context.link(target as ContentReference) : undefined;
        const href = safeHref(link?.href);
        const coverValue = view.coverDefinition ? record.values?.[view.coverDefinition] : undefined;
        const coverRef = (Array.isArray(coverValue) ? { kind: 'file', file: coverValue[0] } : coverValue && typeof coverValue === 'object' && 'ref' in coverValue ? (coverValue as { ref: ContentReference }).ref : coverValue) as
          | ContentReference
          | undefined;
        const cover = imageSource(context, coverRef);
        const body = (
          <>
            {cover ? <img class="card-cover" src={cover.url} alt="" width={cover.width ?? undefined} height={cover.height ?? undefined} loading="lazy" decoding="async" /> : null}
            <div class="card-body">
              {textColumns.map((id) => (
                <div key={id} class="card-field">
                  <CellValue table={node} definition={definition[id] ?? {}} value={record.values?.[id]} />
                </div>
              ))}
            </div>
          </>
        );
        return (
          <li key={index} class="card">
            {href ? (
              <a class="card-link" href={href}>
                {body}
              </a>
            ) : (
              body
            )}
          </li>
        );
      })}
    </ul>
  );
}
