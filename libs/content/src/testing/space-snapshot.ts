import type { TestCaller } from '@docs/platform/testing';

/**
 * What a space holds, read over HTTP, without the ids (which differ between two imports of the
 * same source): the page tree (titles, kinds, paths, descriptions), each document page's markdown
 * with references written by position instead of id, the files, the reusable contents and the
 * statuses of the links report. Two imports of the same tree give equal snapshots.
 */
export interface SpaceSnapshot {
  tree: unknown[];
  markdown: Record<string, string>;
  files: string[];
  reusableContents: string[];
  links: Record<string, number>;
}

interface TreePage {
  id: string;
  title: string;
  type: string;
  path?: string;
  description?: string;
  href?: string;
  pages?: TreePage[];
}

export async function spaceSnapshot(as: TestCaller, spaceId: string): Promise<SpaceSnapshot> {
  const base = `/v1/spaces/${spaceId}/content`;
  const tree: TreePage[] = (await as.get(`${base}/pages`)).body.pages;
  const all: TreePage[] = [];
  const outline = (pages: TreePage[]): unknown[] =>
    pages.map((page) => {
      all.push(page);
      return [page.type, page.title, page.path ?? page.href ?? null, page.description ?? null, outline(page.pages ?? [])];
    });
  const shape = outline(tree);
  const files: { id: string; name: string; size: number; contentType: string }[] = await as.all(`${base}/files`);
  const content = (await as.get(base)).body as { reusableContents?: { id: string; title: string }[] };
  // Ids by position: the n-th page, file or reusable content of one import matches the n-th of another.
  const names = new Map<string, string>();
  all.forEach((page, i) => names.set(page.id, `page-${i}`));
  files.forEach((file) => names.set(file.id, `file-${file.name}`));
  (content.reusableContents ?? []).forEach((rc, i) => names.set(rc.id, `reusable-${i}`));
  const anonymous = (text: string) => text.replace(/ref:(page|file|reusable-content)\/([\w-]+)/g, (whole, _kind, id) => (names.has(id) ? `ref:${names.get(id)}` : whole));
  const markdown: Record<string, string> = {};
  for (const page of all.filter((p) => p.type === 'document')) {
    const read = await as.get(`${base}/page/${page.id}`, { query: { format: 'markdown' } });
    markdown[`${names.get(page.id)} ${page.path}`] = anonymous(read.body.markdown ?? '');
  }
  const links: Record<string, number> = {};
  for (const link of await as.all<{ status: string }>(`/v1/spaces/${spaceId}/links`)) links[link.status] = (links[link.status] ?? 0) + 1;
  return {
    tree: shape,
    markdown,
    files: files.map((file) => `${file.name} ${file.size} ${file.contentType}`).sort(),
    reusableContents: (content.reusableContents ?? []).map((rc) => rc.title),
    links,
  };
}
