import { useEffect, useRef } from 'preact/hooks';
import { api } from '../api/client';
import type { SiteSection, SiteSpace, SiteStructure, Space } from '../api/types';
import type { Resource } from '../api/use-resource';
import { ActionStatus, useAction } from '../components/action-status';
import { InlineForm } from '../components/inline-form';
import { Status } from '../components/status';
import { fieldsOf, sectionChange, variantChange } from './structure-edits';
import { moveRequest, pointerOfEntry, pointerOfSection, pointerOfVariant, StructurePointer, structureView, ungroupedSections, variantName } from './site-structure-model';

interface PanelProps {
  base: string;
  structure: Resource<SiteStructure>;
  spaces: Space[];
  /** Whether the caller may change the site (the organization's `permissions.admin`): without it, the structure is only read. */
  manage: boolean;
  /** After every change: the site (its counts, defaults) and its structure are read again. */
  onChange: () => void;
}

/** A choice of the organization's spaces (what a section or a variant publishes). */
function SpaceField({ spaces }: { spaces: Space[] }) {
  return (
    <label>
      Space
      <select name="spaceId" required>
        {spaces.map((space) => (
          <option key={space.id} value={space.id}>
            {space.title || 'Untitled'}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The last part of a section's or a variant's address on the site. */
function PathField({ value }: { value: string }) {
  return (
    <label>
      Path <input name="path" required maxLength={100} pattern="[A-Za-z0-9][A-Za-z0-9._~\-]*" defaultValue={value} title="Letters, digits, “.”, “_”, “~” and “-”, starting with a letter or digit" />
    </label>
  );
}

/**
 * The site's sections (as tabs on the site), their groups (menus of sections) and the variants of
 * each section (its site spaces: versions or languages, one the default), or the variants of a
 * site without sections: add, remove, make default, move up and down (the keyboard's way to
 * reorder), group and ungroup, edit a section's title, path and icon and a variant's path and
 * condition, as the API has them; for who may not change the site, the same
 * structure without a control.
 */
export function SiteStructurePanel({ base, structure, spaces, manage, onChange }: PanelProps) {
  const { state, run } = useAction();
  const heading = useRef<HTMLHeadingElement>(null);
  const acted = useRef(false);
  const act = (action: () => Promise<unknown>, done: string) => {
    if (state.busy) return;
    acted.current = true;
    return run(async () => (await action(), onChange()), done);
  };
  // A button that did its work may be gone with what it changed (Remove, Make default): the focus goes back to the panel, not to the page's top.
  useEffect(() => {
    if (acted.current && (document.activeElement === document.body || document.activeElement === null)) heading.current?.focus();
    acted.current = false;
  }, [structure.data]);
  const move = (siblings: StructurePointer[], index: number, direction: -1 | 1, name: string) => {
    const request = moveRequest(siblings, index, direction);
    return request ? act(() => api.patch(`${base}/structure/sort`, request), `${name} moved ${direction === -1 ? 'up' : 'down'}.`) : undefined;
  };
  const view = structure.data ? structureView(structure.data) : undefined;

  const moveButtons = (siblings: StructurePointer[], index: number, name: string) => (
    <>
      <button type="button" class="secondary" aria-disabled={state.busy} disabled={index === 0} onClick={() => move(siblings, index, -1, name)}>
        Move up<span class="visually-hidden"> {name}</span>
      </button>
      <button type="button" class="secondary" aria-disabled={state.busy} disabled={index === siblings.length - 1} onClick={() => move(siblings, index, 1, name)}>
        Move down<span class="visually-hidden"> {name}</span>
      </button>
    </>
  );

  /** The variants of a section (or of the root when `section` is undefined). */
  const variants = (list: SiteSpace[], section?: SiteSection) => {
    const siblings = list.map(pointerOfVariant);
    return (
      <>
        <ul class="structure-list" aria-label={section ? `Variants of ${section.title}` : 'Variants'}>
          {list.map((siteSpace, index) => {
            const name = variantName(siteSpace);
            return (
              <li key={siteSpace.id}>
                <span class="structure-name">{name}</span> <code>{siteSpace.path}</code> {siteSpace.default && <span class="badge">Default</span>}{' '}
                {siteSpace.condition && (
                  <span class="badge">
                    When <code>{siteSpace.condition}</code>
                  </span>
                )}
                {manage && (
                  <span class="structure-actions">
                    {!siteSpace.default && (
                      <button
                        type="button"
                        class="secondary"
                        aria-disabled={state.busy}
                        onClick={() =>
                          act(() => (section ? api.patch(`${base}/sections/${section.id}`, { defaultSiteSpace: siteSpace.id }) : api.patch(base, { defaultSiteSpace: siteSpace.id })), `${name} is the default variant.`)
                        }
                      >
                        Make default<span class="visually-hidden"> variant {name}</span>
                      </button>
                    )}
                    {moveButtons(siblings, index, name)}
                    <InlineForm
                      label={`Edit variant ${name}`}
                      submit="Save"
                      secondary
                      onSubmit={async (data) => {
                        const change = variantChange(siteSpace, fieldsOf(data));
                        if (Object.keys(change).length === 0) return;
                        await api.patch(`${base}/site-spaces/${siteSpace.id}`, change);
                        onChange();
                      }}
                    >
                      <PathField value={siteSpace.path} />
                      <label>
                        Condition <input name="condition" maxLength={1024} defaultValue={siteSpace.condition ?? ''} aria-describedby={`condition-help-${siteSpace.id}`} />
                      </label>
                      <p id={`condition-help-${siteSpace.id}`} class="help">
                        Shown to visitors for whom it is true, such as <code>visitor.claims.plan == "pro"</code>; empty: shown to everyone.
                      </p>
                    </InlineForm>
                    <button type="button" class="secondary" aria-disabled={state.busy} onClick={() => act(() => api.delete(`${base}/site-spaces/${siteSpace.id}`), `Variant ${name} removed.`)}>
                      Remove<span class="visually-hidden"> variant {name}</span>
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        {manage && (
          <InlineForm
            label={section ? `Add variant to ${section.title}` : 'Add variant'}
            submit="Add"
            onSubmit={async (data) => {
              await api.post(`${base}/site-spaces`, { spaceId: String(data.get('spaceId')), ...(section ? { sectionId: section.id } : {}) });
              onChange();
            }}
          >
            <SpaceField spaces={spaces} />
          </InlineForm>
        )}
      </>
    );
  };

  const sectionBlock = (section: SiteSection, siblings: StructurePointer[], index: number, groupId?: string) => (
    <li key={section.id} class="structure-section">
      <h3>
        {section.title} {section.default && <span class="badge">Default section</span>}
      </h3>
      {section.icon && <p class="help">Icon: {section.icon}</p>}
      <p class="structure-actions">
        <code>{section.path}</code>{' '}
        {manage && !section.default && (
          <button type="button" class="secondary" aria-disabled={state.busy} onClick={() => act(() => api.patch(base, { defaultSiteSection: section.id }), `${section.title} is the default section.`)}>
            Make default<span class="visually-hidden"> section {section.title}</span>
          </button>
        )}
        {manage && moveButtons(siblings, index, section.title)}
        {manage && groupId && (
          <button type="button" class="secondary" aria-disabled={state.busy} onClick={() => act(() => api.delete(`${base}/section-groups/${groupId}/sections/${section.id}`), `${section.title} left its group.`)}>
            Remove from group<span class="visually-hidden"> {section.title}</span>
          </button>
        )}
        {manage && (
          <InlineForm
            label={`Edit section ${section.title}`}
            submit="Save"
            secondary
            onSubmit={async (data) => {
              const change = sectionChange(section, fieldsOf(data));
              if (Object.keys(change).length === 0) return;
              await api.patch(`${base}/sections/${section.id}`, change);
              onChange();
            }}
          >
            <label>
              Section title <input name="title" required minLength={2} maxLength={128} defaultValue={section.title} />
            </label>
            <PathField value={section.path} />
            <label>
              Icon <input name="icon" maxLength={50} defaultValue={section.icon ?? ''} aria-describedby={`icon-help-${section.id}`} />
            </label>
            <p id={`icon-help-${section.id}`} class="help">
              The name of the icon beside the section’s tab, such as <code>book</code>; empty: none.
            </p>
          </InlineForm>
        )}
        {manage && (
          <button type="button" class="secondary" aria-disabled={state.busy} onClick={() => act(() => api.delete(`${base}/sections/${section.id}`), `Section ${section.title} deleted.`)}>
            Delete section<span class="visually-hidden"> {section.title}</span>
          </button>
        )}
      </p>
      {variants(section.siteSpaces, section)}
    </li>
  );

  return (
    <section class="panel" aria-labelledby="structure-heading">
      <h2 id="structure-heading" ref={heading} tabIndex={-1}>
        Sections and variants
      </h2>
      <p class="help">Sections are the site’s tabs (groups gather them in a menu); variants are the spaces of a section readers switch between, such as versions.</p>
      <Status resource={structure} what="the structure" />
      {view && !view.hasSections && variants(view.variants)}
      {view?.hasSections && (
        <ul class="structure-list" aria-label="Sections">
          {view.root.map((entry, index) => {
            const rootSiblings = view.root.map(pointerOfEntry);
            if (entry.type === 'section') return sectionBlock(entry.section, rootSiblings, index);
            const groupSiblings = entry.sections.map(pointerOfSection);
            return (
              <li key={entry.group.id} class="structure-group">
                <h3>
                  {entry.group.title} <span class="badge">Group</span>
                </h3>
                {manage && (
                  <p class="structure-actions">
                    {moveButtons(rootSiblings, index, entry.group.title)}
                    <button type="button" class="secondary" aria-disabled={state.busy} onClick={() => act(() => api.delete(`${base}/section-groups/${entry.group.id}`), `Group ${entry.group.title} deleted; its sections stay.`)}>
                      Delete group<span class="visually-hidden"> {entry.group.title}</span>
                    </button>
                  </p>
                )}
                <ul class="structure-list" aria-label={`Sections of ${entry.group.title}`}>
                  {entry.sections.map((section, position) => sectionBlock(section, groupSiblings, position, entry.group.id))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
      {view && manage && (
        <div class="sidebar-actions">
          <InlineForm
            label="Add section"
            submit="Add"
            onSubmit={async (data) => {
              const title = String(data.get('title') ?? '').trim();
              await api.post(`${base}/sections`, { spaceId: String(data.get('spaceId')), ...(title ? { title } : {}) });
              onChange();
            }}
          >
            <SpaceField spaces={spaces} />
            <label>
              Section title <input name="title" minLength={2} maxLength={128} aria-describedby="section-title-help" />
            </label>
            <p id="section-title-help" class="help">
              Empty: the space’s title.
            </p>
          </InlineForm>
          {ungroupedSections(view).length > 1 && (
            <InlineForm
              label="New group"
              submit="Create"
              onSubmit={async (data) => {
                await api.post(`${base}/section-groups`, { title: String(data.get('title') ?? '').trim(), sections: data.getAll('sections').map(String) });
                onChange();
              }}
            >
              <label>
                Group title <input name="title" required maxLength={100} />
              </label>
              <fieldset>
                <legend>Sections in the group</legend>
                {ungroupedSections(view).map((section) => (
                  <label class="check" key={section.id}>
                    <input type="checkbox" name="sections" value={section.id} /> {section.title}
                  </label>
                ))}
              </fieldset>
            </InlineForm>
          )}
        </div>
      )}
      <ActionStatus state={state} />
    </section>
  );
}
