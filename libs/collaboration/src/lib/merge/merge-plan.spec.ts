import { diffTrees } from './diff-trees';
import { planMerge } from './merge-plan';
import type { PageNodeInfo } from './page-version';

/** An in-memory node store: immutable nodes by id, as page_nodes. */
class Store {
  private nodes = new Map<string, PageNodeInfo>();
  private next = 1;
  loads: string[][] = [];

  node(pageId: string, fields: Partial<PageNodeInfo> = {}, children: string[] = []): string {
    const nodeId = String(this.next++);
    this.nodes.set(nodeId, {
      nodeId,
      pageId,
      type: 'document',
      title: pageId,
      slug: pageId.toLowerCase(),
      emoji: null,
      description: null,
      hidden: false,
      noIndex: false,
      href: null,
      documentHash: `body-${pageId}`,
      variables: null,
      children,
      ...fields,
    });
    return nodeId;
  }

  get(nodeId: string): PageNodeInfo {
    return this.nodes.get(nodeId) as PageNodeInfo;
  }

  /** A new version of a node (path copying is the caller's job). */
  edit(nodeId: string, fields: Partial<PageNodeInfo>): string {
    const { nodeId: _old, pageId, ...rest } = this.get(nodeId);
    return this.node(pageId, { ...rest, ...fields }, fields.children ?? rest.children);
  }

  load = async (ids: string[]) => {
    this.loads.push(ids);
    return ids.map((id) => this.get(id));
  };
}

describe('diffTrees', () => {
  it('opens only what differs: one edited page among many reads that page', async () => {
    const s = new Store();
    const roots = Array.from({ length: 1000 }, (_, i) => s.node(`P${i}`));
    const side = [...roots];
    side[500] = s.edit(roots[500], { title: 'Changed' });
    const diff = await diffTrees(roots, side, s.load);
    expect([...diff.side.keys()]).toEqual(['P500']);
    expect(diff.side.get('P500')?.node.title).toBe('Changed');
    expect(diff.base.get('P500')?.node.title).toBe('P500');
    expect(s.loads.flat().length).toBeLessThanOrEqual(4);
  });

  it('sees a deletion of a subtree, and a page moved out of it', async () => {
    const s = new Store();
    const kid = s.node('Kid');
    const keep = s.node('Keep');
    const parent = s.node('Parent', {}, [kid, keep]);
    const other = s.node('Other');
    const base = [parent, other];
    const side = [s.edit(other, { children: [keep] })];
    const diff = await diffTrees(base, side, s.load);
    expect(diff.side.get('Parent')).toBeNull();
    expect(diff.side.get('Kid')).toBeNull();
    expect(diff.side.get('Keep')).toMatchObject({ parentPageId: 'Other' });
    expect(diff.base.get('Keep')).toMatchObject({ parentPageId: 'Parent' });
  });

  it('sees new pages with their subtrees, and reorders', async () => {
    const s = new Store();
    const a = s.node('A');
    const b = s.node('B');
    const child = s.node('New child');
    const added = s.node('New', {}, [child]);
    const diff = await diffTrees([a, b], [b, a, added], s.load);
    expect(diff.base.has('New')).toBe(false);
    expect(diff.side.get('New')).toMatchObject({ parentPageId: null, after: 'A' });
    expect(diff.side.get('New child')).toMatchObject({ parentPageId: 'New', after: null });
    expect(diff.side.get('A')).toMatchObject({ after: 'B' });
  });
});

describe('planMerge', () => {
  async function scenario(build: (s: Store) => { base: string[]; target: string[]; source: string[] }) {
    const s = new Store();
    const { base, target, source } = build(s);
    return planMerge(await diffTrees(base, target, s.load), await diffTrees(base, source, s.load));
  }

  it('takes fields changed on one side, keeps fields changed identically, and flags fields changed differently', async () => {
    const plan = await scenario((s) => {
      const a = s.node('A');
      return {
        base: [a],
        target: [s.edit(a, { title: 'T', emoji: 'x', hidden: true })],
        source: [s.edit(a, { title: 'S', emoji: 'x', description: 'new' })],
      };
    });
    expect(plan.conflicts).toEqual([{ pageId: 'A', title: 'T', reason: 'fields', fields: ['title'] }]);
    expect(plan.steps).toEqual([{ kind: 'update', pageId: 'A', changes: { description: 'new' } }]);
  });

  it('asks for a text merge when both changed a body, takes the body changed on one side', async () => {
    const both = await scenario((s) => {
      const a = s.node('A');
      return { base: [a], target: [s.edit(a, { documentHash: 't' })], source: [s.edit(a, { documentHash: 's' })] };
    });
    expect(both.steps).toEqual([{ kind: 'merge-body', pageId: 'A', base: 'body-A', target: 't', source: 's' }]);
    const one = await scenario((s) => {
      const a = s.node('A');
      const b = s.node('B');
      return { base: [a, b], target: [s.edit(a, { documentHash: 't' }), b], source: [a, s.edit(b, { documentHash: 's' })] };
    });
    expect(one).toEqual({ steps: [{ kind: 'update', pageId: 'B', changes: { documentHash: 's' } }], conflicts: [] });
  });

  it('flags edit against delete both ways, and merges delete against untouched', async () => {
    const plan = await scenario((s) => {
      const a = s.node('A');
      const b = s.node('B');
      const c = s.node('C');
      return { base: [a, b, c], target: [b, s.edit(c, { title: 'C2' })], source: [s.edit(a, { title: 'A2' }), b] };
    });
    expect(plan.conflicts.map((c) => [c.pageId, c.reason]).sort()).toEqual([
      ['A', 'edited-and-deleted'],
      ['C', 'deleted-and-edited'],
    ]);
    expect(plan.steps).toEqual([]);
    const clean = await scenario((s) => {
      const a = s.node('A');
      const b = s.node('B');
      return { base: [a, b], target: [a, s.edit(b, { title: 'B2' })], source: [b] };
    });
    expect(clean).toEqual({ steps: [{ kind: 'delete', pageId: 'A' }], conflicts: [] });
  });

  it('moves a page the other side edited, creates new pages parent first, flags moves to different parents', async () => {
    const moved = await scenario((s) => {
      const a = s.node('A');
      const p = s.node('P');
      return { base: [a, p], target: [s.edit(a, { documentHash: 'edited' }), p], source: [s.edit(p, { children: [a] })] };
    });
    expect(moved.conflicts).toEqual([]);
    expect(moved.steps).toContainEqual({ kind: 'move', pageId: 'A', parentPageId: 'P', after: null });

    const both = await scenario((s) => {
      const a = s.node('A');
      const p = s.node('P');
      const q = s.node('Q');
      return { base: [a, p, q], target: [s.edit(p, { children: [a] }), q], source: [p, s.edit(q, { children: [a] })] };
    });
    expect(both.conflicts).toEqual([{ pageId: 'A', title: 'A', reason: 'moved' }]);

    const created = await scenario((s) => {
      const a = s.node('A');
      const kid = s.node('Kid');
      return { base: [a], target: [a], source: [a, s.node('New', {}, [kid])] };
    });
    expect(created.steps.map((step) => [step.kind, step.pageId])).toEqual([
      ['create', 'New'],
      ['create', 'Kid'],
    ]);
  });

  it('refuses to bring a page under a parent the target deleted', async () => {
    const plan = await scenario((s) => {
      const p = s.node('P');
      return { base: [p], target: [], source: [s.edit(p, { children: [s.node('New')] })] };
    });
    // P itself only changed by holding New: its deletion stands; New has nowhere to go.
    expect(plan.conflicts.map((c) => [c.pageId, c.reason])).toEqual([['New', 'parent-deleted']]);
    expect(plan.steps).toEqual([]);
  });
});
