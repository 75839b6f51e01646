import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import { EventPageChanges, newId } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import type { IndexedPage } from '../indexing/content-indexer';
import type { WriteDocuments } from '../indexing/write-documents';
import type { PageType } from '../pages/page-node.entity';
import { pageFieldsOf, pageNodeColumns, PageFields, PageNodeRow } from '../pages/page-node-row';
import { insertionIndex, PagePosition } from '../pages/page-position';
import { joinPath, slugFromTitle, uniqueSlug } from '../pages/page-slugs';

export type { PageFields } from '../pages/page-node-row';
import type { RevisionEntity } from '../revisions/revision.entity';
import type { ReusableContentEntry, Variables } from '../reusable-contents/reusable-content-entry';
import stableStringify from 'fast-json-stable-stringify';

/** A child in a container's ordered list: enough to place it and keep slugs unique. */
interface ChildRef {
  pageId: string;
  /** Its current node; null for a page created by this draft. */
  nodeId: string | null;
  slug: string | null;
}

/** A page of the head as the draft sees it. */
interface DraftPage {
  pageId: string;
  /** Its node in the head's revision; null for a new page. */
  nodeId: string | null;
  parentPageId: string | null;
  /** Its path in the head's revision (null for a new page or a link). */
  path: string | null;
  fields: PageFields;
  /** Child node ids in the head's revision. */
  originalChildren: string[];
  /** Loaded (and possibly changed) children, once needed. */
  children?: ChildRef[];
  /** Its own fields changed (or it is new). */
  changed: boolean;
  /** Its children list changed (added, removed, reordered, or a child got a new node). */
  childrenChanged: boolean;
  /** Its path changed (moved, new slug): its subtree's paths are recomputed. */
  pathChanged: boolean;
}

/** What a draft writes: the nodes, the new tree and files of the revision, and the delta. */
export interface DraftResult {
  rootPages: string[];
  files: string[];
  reusableContents: ReusableContentEntry[];
  variables: Variables;
  upserted: IndexedPage[];
  removed: string[];
  /** Bytes of the node rows written, for the figures of the storage benchmark. */
  nodesWritten: number;
}

/** The changes `updatePage` takes; absent fields are unchanged. */
export type PageChanges = Partial<Pick<PageFields, 'type' | 'title' | 'slug' | 'emoji' | 'description' | 'hidden' | 'noIndex' | 'href' | 'documentHash' | 'variables'>>;

/**
 * The changes of one write against a head, staged in memory over the head's index, then written
 * by `commit` as new immutable nodes by path copying: a changed page gets a new node, and so does
 * each of its ancestors (their `children` arrays change); every other subtree stays shared.
 * Everything it reads goes through the write's transaction, after the head is locked.
 */
export class ContentDraft {
  private readonly pages = new Map<string, DraftPage>();
  private root?: ChildRef[];
  private rootChanged = false;
  private readonly removed = new Set<string>();
  /** Pages moved or reordered by this draft (the write's event lists them). */
  private readonly moved = new Set<string>();
  private files: string[];
  private filesChanged = false;
  private reusable: ReusableContentEntry[];
  private reusableChanged = false;
  private vars: Variables;
  private variablesChanged = false;

  constructor(
    private readonly tx: EntityManager,
    readonly headKey: string,
    readonly base: RevisionEntity,
    readonly now: Date,
    /** The documents this write stores, handed to the indexers (`remember` what you store). */
    readonly documents: WriteDocuments,
  ) {
    this.files = [...base.files];
    this.reusable = (base.reusableContents ?? []) as ReusableContentEntry[];
    this.vars = (base.variables ?? {}) as Variables;
  }

  /** A page of the head (404 when it has none with this id). */
  async page(pageId: string): Promise<Readonly<DraftPage>> {
    return this.load(pageId);
  }

  /** Adds a page under `parent` (null: the top level) and answers its id. */
  async createPage(input: {
    parent: string | null;
    position?: PagePosition;
    fields: Omit<PageFields, 'slug' | 'createdAt' | 'updatedAt' | 'variables'> & { variables?: string | null };
    /** An explicit slug: 409 when a sibling has it. Absent: derived from the title, made unique. */
    slug?: string;
    /** A slug to keep if free, made unique otherwise (a merge bringing a page whose slug a sibling took). */
    preferredSlug?: string;
    /** The page's id (a merge keeps the id the page has on the other side); new otherwise. */
    pageId?: string;
    createdAt?: Date;
  }): Promise<string> {
    const { parent, fields } = input;
    await this.assertCanHold(parent, fields.type);
    const siblings = await this.childrenOf(parent);
    const index = insertionIndex(
      siblings.map((child) => child.pageId),
      input.position,
      this.label(parent),
    );
    const slug =
      fields.type === 'link'
        ? null
        : input.preferredSlug !== undefined
          ? uniqueSlug(input.preferredSlug, new Set(siblings.map((c) => c.slug).filter((s): s is string => s !== null)))
          : this.slugAmong(siblings, input.slug, fields.title, parent, null);
    const pageId = input.pageId ?? newId();
    this.pages.set(pageId, {
      pageId,
      nodeId: null,
      parentPageId: parent,
      path: null,
      fields: { ...fields, variables: fields.type === 'document' ? (fields.variables ?? null) : null, slug, createdAt: input.createdAt ?? this.now, updatedAt: this.now },
      originalChildren: [],
      children: [],
      changed: true,
      childrenChanged: false,
      pathChanged: true,
    });
    siblings.splice(index, 0, { pageId, nodeId: null, slug });
    this.markChildrenChanged(parent);
    return pageId;
  }

  /** Changes fields of a page. A new slug must be free among its siblings (409). */
  async updatePage(pageId: string, changes: PageChanges): Promise<void> {
    const page = await this.load(pageId);
    const next: PageFields = { ...page.fields };
    for (const [key, value] of Object.entries(changes) as [keyof PageChanges, never][]) {
      if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
    }
    if (next.type !== page.fields.type) await this.assertTypeChange(page, next.type);
    if (next.type === 'link') {
      next.documentHash = null;
      next.slug = null;
      // The page had none (it was not a link): a state of the page, which the document cannot say.
      if (!next.href) throw new BadRequestException(`Page ${pageId} has no href to link to: give href with type "link".`);
    } else {
      next.href = null;
      if (next.slug === null || changes.slug !== undefined || page.fields.type === 'link') {
        const siblings = await this.childrenOf(page.parentPageId);
        next.slug = this.slugAmong(siblings, changes.slug ?? undefined, next.title, page.parentPageId, pageId);
      }
    }
    if (next.type === 'group') next.documentHash = null;
    // Only document pages have variables (the reference's RevisionPageDocument).
    if (next.type !== 'document') next.variables = null;
    const changed = (Object.keys(next) as (keyof PageFields)[]).some((key) => next[key] !== page.fields[key]);
    if (!changed) return;
    if (next.slug !== page.fields.slug) {
      page.pathChanged = true;
      const siblings = await this.childrenOf(page.parentPageId);
      const ref = siblings.find((child) => child.pageId === pageId);
      if (ref) ref.slug = next.slug;
    }
    page.fields = { ...next, updatedAt: this.now };
    page.changed = true;
  }

  /** Removes a page and its whole subtree. */
  async deletePage(pageId: string): Promise<void> {
    const page = await this.load(pageId);
    const siblings = await this.childrenOf(page.parentPageId);
    siblings.splice(
      siblings.findIndex((child) => child.pageId === pageId),
      1,
    );
    this.markChildrenChanged(page.parentPageId);
    for (const id of [pageId, ...(await this.descendantIds([pageId]))]) {
      this.removed.add(id);
      this.pages.delete(id);
    }
  }

  /**
   * Moves a page (with its subtree) under `parent` (undefined: its current parent), before or
   * after a sibling (the end without `position`). Its slug is made unique in its new siblings.
   */
  async movePage(pageId: string, target: { parent?: string | null; position?: PagePosition }): Promise<void> {
    const page = await this.load(pageId);
    const parent = target.parent === undefined ? page.parentPageId : target.parent;
    if (parent !== null) {
      if (parent === pageId) throw new BadRequestException('A page cannot be moved into itself.');
      for (let id: string | null = parent; id !== null; id = (await this.load(id)).parentPageId) {
        if (id === pageId) throw new BadRequestException(`A page cannot be moved into its own subtree (page ${parent} is inside page ${pageId}).`);
      }
    }
    await this.assertCanHold(parent, page.fields.type);
    const from = await this.childrenOf(page.parentPageId);
    const ref = from.splice(
      from.findIndex((child) => child.pageId === pageId),
      1,
    )[0];
    this.markChildrenChanged(page.parentPageId);
    const to = await this.childrenOf(parent);
    const index = insertionIndex(
      to.map((child) => child.pageId),
      target.position,
      this.label(parent),
    );
    if (parent !== page.parentPageId) {
      page.parentPageId = parent;
      page.pathChanged = true;
      if (page.fields.slug !== null) {
        const slug = uniqueSlug(page.fields.slug, new Set(to.map((child) => child.slug).filter((s): s is string => s !== null)));
        if (slug !== page.fields.slug) {
          page.fields = { ...page.fields, slug, updatedAt: this.now };
          page.changed = true;
          ref.slug = slug;
        }
      }
    }
    to.splice(index, 0, ref);
    this.markChildrenChanged(parent);
    this.moved.add(pageId);
  }

  /** Ids of the pages in a container (null: the top level), in order, as staged so far. */
  async childIds(container: string | null): Promise<string[]> {
    return (await this.childrenOf(container)).map((child) => child.pageId);
  }

  /** Whether the head (as staged so far) has this page. */
  async hasPage(pageId: string): Promise<boolean> {
    if (this.pages.has(pageId)) return true;
    if (this.removed.has(pageId)) return false;
    try {
      await this.load(pageId);
      return true;
    } catch (error) {
      if (error instanceof NotFoundException) return false;
      throw error;
    }
  }

  /** The file entries of the revision as staged so far. */
  get fileEntries(): readonly string[] {
    return this.files;
  }

  /** Adds a file entry to the revision's files. */
  addFile(entryId: string): void {
    this.files.push(entryId);
    this.filesChanged = true;
  }

  /** Replaces the revision's file entries (a merge's or a Git import's result; no change when equal). */
  setFiles(entryIds: readonly string[]): void {
    if (entryIds.length === this.files.length && entryIds.every((id, i) => id === this.files[i])) return;
    this.files = [...entryIds];
    this.filesChanged = true;
  }

  /** The reusable contents of the revision as staged so far. */
  get reusableContents(): readonly ReusableContentEntry[] {
    return this.reusable;
  }

  /** A reusable content of the head (404 when it has none with this id). */
  reusableContent(id: string): ReusableContentEntry {
    const entry = this.reusable.find((candidate) => candidate.id === id);
    if (!entry) throw new NotFoundException(`No reusable content has the id ${id}.`);
    return entry;
  }

  /** Adds a reusable content, or replaces the one with its id (no change when equal). */
  putReusableContent(entry: ReusableContentEntry): void {
    const index = this.reusable.findIndex((candidate) => candidate.id === entry.id);
    if (index >= 0 && stableStringify(this.reusable[index]) === stableStringify(entry)) return;
    this.reusable = index >= 0 ? this.reusable.map((candidate, i) => (i === index ? entry : candidate)) : [...this.reusable, entry];
    this.reusableChanged = true;
  }

  /** Removes a reusable content (404 when the head has none with this id). */
  removeReusableContent(id: string): void {
    this.reusableContent(id);
    this.reusable = this.reusable.filter((candidate) => candidate.id !== id);
    this.reusableChanged = true;
  }

  /** Replaces the whole list (a merge's result; no change when equal). */
  setReusableContents(entries: ReusableContentEntry[]): void {
    if (stableStringify(entries) === stableStringify(this.reusable)) return;
    this.reusable = [...entries];
    this.reusableChanged = true;
  }

  /** The revision's variables as staged so far. */
  get variables(): Readonly<Variables> {
    return this.vars;
  }

  /** Replaces the revision's variables (no change when equal). */
  setVariables(variables: Variables): void {
    if (stableStringify(variables) === stableStringify(this.vars)) return;
    this.vars = { ...variables };
    this.variablesChanged = true;
  }

  /**
   * Page ids this draft created, changed (fields or body), moved or reordered (a moved page whose
   * slug changed with the move is listed as moved only), and deleted: what the write's event lists.
   */
  get pageChanges(): EventPageChanges {
    const changes: EventPageChanges = { created: [], updated: [], moved: [], deleted: [...this.removed] };
    for (const page of this.pages.values()) {
      if (page.nodeId === null) changes.created.push(page.pageId);
      else if (this.moved.has(page.pageId)) changes.moved.push(page.pageId);
      else if (page.changed) changes.updated.push(page.pageId);
    }
    return changes;
  }

  /** Whether anything changed at all (an edit that changes nothing makes no revision). */
  get hasChanges(): boolean {
    return (
      this.rootChanged ||
      this.removed.size > 0 ||
      this.filesChanged ||
      this.reusableChanged ||
      this.variablesChanged ||
      [...this.pages.values()].some((page) => page.changed || page.childrenChanged || page.pathChanged)
    );
  }

  /**
   * Writes the new nodes (one statement), rewrites the head's index rows of the pages whose node
   * or path changed, and answers the new revision's tree, files and the delta for the indexers.
   */
  async commit(): Promise<DraftResult> {
    // A changed page gives its parent a new child node: mark every ancestor, bottom up.
    const dirty = [...this.pages.values()].filter((page) => page.changed || page.childrenChanged);
    for (const page of dirty) await this.bubble(page);
    const toWrite = [...this.pages.values()].filter((page) => page.changed || page.childrenChanged);

    const newIds = new Map<string, string>();
    if (toWrite.length > 0) {
      const rows: { id: string }[] = await this.tx.query(
        `SELECT nextval(pg_get_serial_sequence('page_nodes', 'id'))::text AS id FROM generate_series(1, $1)`,
        [toWrite.length],
      );
      toWrite.forEach((page, i) => newIds.set(page.pageId, rows[i].id));
    }
    const nodeOf = (ref: ChildRef): string => {
      const id = newIds.get(ref.pageId) ?? ref.nodeId;
      if (!id) throw new Error(`page ${ref.pageId} has no node`);
      return id;
    };

    const nodes = toWrite.map((page) => ({
      id: newIds.get(page.pageId),
      page_id: page.pageId,
      type: page.fields.type,
      title: page.fields.title,
      slug: page.fields.slug,
      emoji: page.fields.emoji,
      description: page.fields.description,
      hidden: page.fields.hidden,
      no_index: page.fields.noIndex,
      href: page.fields.href,
      document_hash: page.fields.documentHash,
      variables: page.fields.variables,
      children: page.children ? page.children.map(nodeOf) : page.originalChildren,
      created_at: page.fields.createdAt.toISOString(),
      updated_at: page.fields.updatedAt.toISOString(),
    }));
    let nodesWritten = 0;
    if (nodes.length > 0) {
      const written: { bytes: string }[] = await this.tx.query(
        `WITH inserted AS (
           INSERT INTO page_nodes (id, page_id, type, title, slug, emoji, description, hidden, no_index, href, document_hash, variables, children, created_at, updated_at)
           SELECT id, page_id, type, title, slug, emoji, description, hidden, no_index, href, document_hash, variables::jsonb, children, created_at, updated_at
             FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, page_id text, type text, title text, slug text, emoji text,
                  description text, hidden boolean, no_index boolean, href text, document_hash text, variables text, children bigint[],
                  created_at timestamptz, updated_at timestamptz)
           RETURNING pg_column_size(page_nodes.*) AS bytes
         ) SELECT COALESCE(sum(bytes), 0)::text AS bytes FROM inserted`,
        [JSON.stringify(nodes)],
      );
      nodesWritten = Number(written[0].bytes);
    }

    const rootPages = this.root ? this.root.map(nodeOf) : this.base.rootPages;
    const upserted = await this.reindex(newIds);
    return { rootPages, files: this.files, reusableContents: this.reusable, variables: this.vars, upserted, removed: [...this.removed], nodesWritten };
  }

  /** Rewrites `head_pages` for removed pages, pages with a new node, and subtrees with a new path. */
  private async reindex(newIds: Map<string, string>): Promise<IndexedPage[]> {
    if (this.removed.size > 0) {
      await this.tx.query(`DELETE FROM head_pages WHERE head_key = $1 AND page_id = ANY($2::text[])`, [this.headKey, [...this.removed]]);
    }
    // Pages whose path changed carry their subtree along: their descendants' paths are recomputed.
    const movedRoots = [...this.pages.values()].filter((page) => page.pathChanged && page.nodeId !== null).map((page) => page.pageId);
    const descendants = movedRoots.length > 0 ? await this.loadDescendants(movedRoots) : [];
    for (const row of descendants) if (!this.pages.has(row.page_id)) this.pages.set(row.page_id, this.fromRow(row, row.parent_page_id, row.path));

    const descendantIds = new Set(descendants.map((d) => d.page_id));
    const affected = [...this.pages.values()].filter((page) => newIds.has(page.pageId) || page.pathChanged || descendantIds.has(page.pageId));
    const affectedIds = new Set(affected.map((page) => page.pageId));
    const paths = new Map<string, string | null>();
    const pathOf = (page: DraftPage): string | null => {
      if (paths.has(page.pageId)) return paths.get(page.pageId) ?? null;
      let path: string | null;
      if (page.fields.slug === null) path = null;
      else if (!affectedIds.has(page.pageId) && page.path !== null) path = page.path;
      else {
        const parent = page.parentPageId === null ? undefined : this.pages.get(page.parentPageId);
        const parentPath = parent ? pathOf(parent) : null;
        path = joinPath(parentPath, page.fields.slug);
      }
      paths.set(page.pageId, path);
      return path;
    };
    const rows = affected.map((page) => ({
      page_id: page.pageId,
      node_id: newIds.get(page.pageId) ?? page.nodeId,
      parent_page_id: page.parentPageId,
      path: pathOf(page),
    }));
    if (rows.length > 0) {
      await this.tx.query(`DELETE FROM head_pages WHERE head_key = $1 AND page_id = ANY($2::text[])`, [this.headKey, rows.map((r) => r.page_id)]);
      await this.tx.query(
        `INSERT INTO head_pages (head_key, page_id, node_id, parent_page_id, path)
         SELECT $1, page_id, node_id, parent_page_id, path
           FROM jsonb_to_recordset($2::jsonb) AS x(page_id text, node_id bigint, parent_page_id text, path text)`,
        [this.headKey, JSON.stringify(rows)],
      );
    }
    // The delta: new pages, pages whose own fields changed, and pages whose path changed.
    return affected
      .filter((page) => page.changed || page.pathChanged || descendantIds.has(page.pageId))
      .map((page) => ({
        pageId: page.pageId,
        nodeId: (newIds.get(page.pageId) ?? page.nodeId) as string,
        parentPageId: page.parentPageId,
        path: pathOf(page),
        previousPath: page.path,
        type: page.fields.type,
        title: page.fields.title,
        description: page.fields.description,
        hidden: page.fields.hidden,
        noIndex: page.fields.noIndex,
        href: page.fields.href,
        documentHash: page.fields.documentHash,
      }));
  }

  /** Marks the ancestors of a changed page as having changed children, loading them as needed. */
  private async bubble(page: DraftPage): Promise<void> {
    for (let parentId = page.parentPageId; ; ) {
      if (parentId === null) {
        await this.childrenOf(null);
        this.rootChanged = true;
        return;
      }
      if (this.bubbled.has(parentId)) return; // this ancestor and those above it are marked
      this.bubbled.add(parentId);
      const parent = await this.load(parentId);
      await this.childrenOf(parentId);
      parent.childrenChanged = true;
      parentId = parent.parentPageId;
    }
  }

  private readonly bubbled = new Set<string>();

  private markChildrenChanged(container: string | null): void {
    if (container === null) this.rootChanged = true;
    else {
      const page = this.pages.get(container);
      if (page) page.childrenChanged = true;
    }
  }

  /** The ordered children of a page (or of the top level), loaded once, then edited in place. */
  private async childrenOf(container: string | null): Promise<ChildRef[]> {
    if (container === null) {
      this.root ??= await this.refs(this.base.rootPages);
      return this.root;
    }
    const page = await this.load(container);
    page.children ??= await this.refs(page.originalChildren);
    return page.children;
  }

  private async refs(nodeIds: string[]): Promise<ChildRef[]> {
    if (nodeIds.length === 0) return [];
    const rows: { id: string; page_id: string; slug: string | null }[] = await this.tx.query(
      `SELECT id::text AS id, page_id, slug FROM page_nodes WHERE id = ANY($1::bigint[])`,
      [nodeIds],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return nodeIds.map((id) => {
      const row = byId.get(id);
      if (!row) throw new Error(`page node ${id} is missing`);
      return { pageId: row.page_id, nodeId: row.id, slug: row.slug };
    });
  }

  private async load(pageId: string): Promise<DraftPage> {
    const known = this.pages.get(pageId);
    if (known) return known;
    if (this.removed.has(pageId)) throw new NotFoundException(`No page has the id ${pageId}.`);
    const [row]: (PageNodeRow & { parent_page_id: string | null; path: string | null })[] = await this.tx.query(
      `SELECT hp.parent_page_id, hp.path, ${pageNodeColumns('n')}
         FROM head_pages hp JOIN page_nodes n ON n.id = hp.node_id
        WHERE hp.head_key = $1 AND hp.page_id = $2`,
      [this.headKey, pageId],
    );
    if (!row) throw new NotFoundException(`No page has the id ${pageId}.`);
    const page = this.fromRow(row, row.parent_page_id, row.path);
    this.pages.set(pageId, page);
    return page;
  }

  private fromRow(row: PageNodeRow, parentPageId: string | null, path: string | null): DraftPage {
    return {
      pageId: row.page_id,
      nodeId: row.node_id,
      parentPageId,
      path,
      fields: pageFieldsOf(row),
      originalChildren: row.children,
      changed: false,
      childrenChanged: false,
      pathChanged: false,
    };
  }

  /** Every page below `roots` in the head's index (not the roots). */
  private async descendantIds(roots: string[]): Promise<string[]> {
    return (await this.loadDescendants(roots)).map((row) => row.page_id);
  }

  private async loadDescendants(roots: string[]): Promise<(PageNodeRow & { parent_page_id: string; path: string | null })[]> {
    return this.tx.query(
      `WITH RECURSIVE sub AS (
         SELECT hp.page_id, hp.node_id, hp.parent_page_id, hp.path FROM head_pages hp
          WHERE hp.head_key = $1 AND hp.parent_page_id = ANY($2::text[])
         UNION ALL
         SELECT hp.page_id, hp.node_id, hp.parent_page_id, hp.path
           FROM sub JOIN head_pages hp ON hp.head_key = $1 AND hp.parent_page_id = sub.page_id
       )
       SELECT sub.parent_page_id, sub.path, ${pageNodeColumns('n')} FROM sub JOIN page_nodes n ON n.id = sub.node_id`,
      [this.headKey, roots],
    );
  }

  /** Groups only at the top level; only documents and groups hold pages; groups hold no groups. */
  private async assertCanHold(parent: string | null, type: PageType): Promise<void> {
    if (parent === null) return;
    if (type === 'group') throw new BadRequestException('A group page can only be at the top level (parent must be null).');
    const container = await this.load(parent);
    if (container.fields.type === 'link') throw new BadRequestException(`Page ${parent} is a link: it cannot hold pages.`);
  }

  private async assertTypeChange(page: DraftPage, type: PageType): Promise<void> {
    if (type === 'group' && page.parentPageId !== null) {
      throw new BadRequestException('type: only a top-level page can become a group.');
    }
    if (type === 'link' && (page.children ?? page.originalChildren).length > 0) {
      throw new BadRequestException('type: a page with child pages cannot become a link.');
    }
  }

  /** A slug free among `siblings` (other than `self`): an explicit one or 409, a derived one made unique. */
  private slugAmong(siblings: ChildRef[], explicit: string | undefined, title: string, parent: string | null, self: string | null): string {
    const taken = new Set(siblings.filter((c) => c.pageId !== self && c.slug !== null).map((c) => c.slug as string));
    if (explicit !== undefined) {
      if (taken.has(explicit)) throw new ConflictException(`Another page of ${this.label(parent)} has the slug "${explicit}".`);
      return explicit;
    }
    return uniqueSlug(slugFromTitle(title), taken);
  }

  private label(container: string | null): string {
    return container === null ? 'the top level' : `page ${container}`;
  }
}
