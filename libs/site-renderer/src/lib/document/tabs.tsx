/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { Blocks } from './blocks';
import type { DocNode } from './doc-node';
import { useRenderState } from './render-state';

/**
 * Tabs, as the WAI-ARIA tabs pattern: a tab list of buttons and one panel per tab, the first
 * shown. The client script switches them (arrow keys too) and remembers the choice per title,
 * so every tab set of the site showing "Python" switches together.
 */
export function Tabs({ node }: { node: DocNode }) {
  const state = useRenderState();
  const tabs = (node.nodes ?? []).filter((tab) => tab.type === 'tabs-item');
  if (tabs.length === 0) return null;
  const base = state.uniqueId('tabs');
  return (
    <div class={node.data?.fullWidth ? 'tabs full-width' : 'tabs'}>
      <div class="tab-list" role="tablist">
        {tabs.map((tab, index) => {
          const title = typeof tab.data?.title === 'string' && tab.data.title.trim() ? tab.data.title : `Tab ${index + 1}`;
          return (
            <button
              key={index}
              type="button"
              role="tab"
              id={`${base}-tab-${index}`}
              aria-controls={`${base}-panel-${index}`}
              aria-selected={index === 0 ? 'true' : 'false'}
              tabindex={index === 0 ? 0 : -1}
              data-title={title}
            >
              {title}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, index) => (
        <div key={index} class="tab-panel" role="tabpanel" id={`${base}-panel-${index}`} aria-labelledby={`${base}-tab-${index}`} tabindex={0} hidden={index !== 0}>
          <Blocks nodes={tab.nodes} />
        </div>
      ))}
    </div>
  );
}
