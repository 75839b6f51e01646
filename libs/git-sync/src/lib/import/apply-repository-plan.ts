import { type BlobStore, type ContentDraft, documentBytes, readDimensions, REFUSED_CONTENT_TYPES, rewriteImportedRefs, SIZED_IMAGE } from '@docs/content';
import { type JSONDocument, markdownToDocument } from '@docs/document-model';
import { fromBuffer } from 'file-type';
import { lookup as mimeLookup } from 'mime-types';
import type { EntityManager } from 'typeorm';
import type { PlannedPage, RepositoryPlan } from './repository-plan';

/** Page bodies converted and stored at once (as the importer does): what a write holds is one batch's. */
const BODIES_PER_BATCH = 200;

/**
 * Makes a head's content the plan's, on the write's draft, changing only what differs: pages are
 * placed top-down (created with their planned id, or moved when not already where they belong),
 * then the pages the plan no longer has are deleted, then fields and bodies are set (unchanged
 * pages keep their body; changed ones are converted, their links to the repository's pages and
 * files rewritten to references, 200 at a time), then files, reusable contents and variables.
 * A plan equal to the head changes nothing, and the writer then makes no revision.
 */
export async function applyRepositoryPlan(draft: ContentDraft, tx: EntityManager, plan: RepositoryPlan, blobs: BlobStore): Promise<void> {
  const planned = new Map<string, PlannedPage>();
  const index = (pages: PlannedPage[]) => pages.forEach((page) => (planned.set(page.pageId, page), index(page.children)));
  index(plan.pages);

  const place = async (container: string | null, children: PlannedPage[]) => {
    let previous: string | null = null;
    for (const child of children) {
      const siblings = await draft.childIds(container);
      const expected = previous === null ? 0 : siblings.indexOf(previous) + 1;
      const position = previous !== null ? { after: previous } : siblings.length > 0 && siblings[0] !== child.pageId ? { before: siblings[0] } : undefined;
      if (await draft.hasPage(child.pageId)) {
        const current = await draft.page(child.pageId);
        if (current.parentPageId !== container || siblings.indexOf(child.pageId) !== expected) await draft.movePage(child.pageId, { parent: container, position });
      } else {
        await draft.createPage({
          parent: container,
          position,
          pageId: child.pageId,
          ...(child.slug ? { preferredSlug: child.slug } : {}),
          fields: { type: child.type, ...child.fields, documentHash: null },
        });
      }
      previous = child.pageId;
      if (child.type !== 'link') await place(child.pageId, child.children);
    }
  };
  await place(null, plan.pages);

  const prune = async (container: string | null) => {
    for (const id of await draft.childIds(container)) {
      if (!planned.has(id)) await draft.deletePage(id);
      else await prune(id);
    }
  };
  await prune(null);

  const toConvert: PlannedPage[] = [];
  for (const page of planned.values()) {
    const changes = { ...page.fields, ...(page.body.kind === 'keep' ? { documentHash: page.body.documentHash } : {}) };
    if (page.slug && page.existing) {
      // A renamed file renames the page; a sibling holding the name keeps it.
      const siblings = await draft.childIds((await draft.page(page.pageId)).parentPageId);
      const taken = await Promise.all(siblings.filter((id) => id !== page.pageId).map(async (id) => (await draft.page(id)).fields.slug));
      if (!taken.includes(page.slug)) Object.assign(changes, { slug: page.slug });
    }
    await draft.updatePage(page.pageId, changes);
    if (page.body.kind === 'convert') toConvert.push(page);
  }
  const targets = plan.targets;
  for (let start = 0; start < toConvert.length; start += BODIES_PER_BATCH) {
    const batch: { pageId: string; document: JSONDocument; bytes: Buffer | null }[] = [];
    for (const page of toConvert.slice(start, start + BODIES_PER_BATCH)) {
      if (page.body.kind !== 'convert') continue;
      const document = rewriteImportedRefs(markdownToDocument(await page.body.markdown()), page.body.source, targets);
      batch.push({ pageId: page.pageId, document, bytes: documentBytes(document) });
    }
    const stored = await blobs.putMany(
      tx,
      batch.flatMap(({ bytes }) => (bytes ? [bytes] : [])),
    );
    let next = 0;
    for (const { pageId, document, bytes } of batch) {
      const documentHash = bytes ? stored[next++].hash : null;
      if (documentHash) draft.documents.remember(documentHash, document);
      await draft.updatePage(pageId, { documentHash });
    }
  }

  const entries: string[] = [];
  for (const file of plan.files) {
    if (file.keepEntry) {
      entries.push(file.keepEntry);
      continue;
    }
    if (!file.file) continue;
    const data = await file.file.read();
    const sniffed = (await fromBuffer(data))?.mime;
    if (sniffed && REFUSED_CONTENT_TYPES.has(sniffed)) continue;
    const contentType = sniffed ?? file.file.contentType ?? (mimeLookup(file.file.name) || 'application/octet-stream');
    const dimensions = SIZED_IMAGE.test(contentType) ? readDimensions(data) : undefined;
    const blob = await blobs.put(tx, data);
    const [row]: { id: string }[] = await tx.query(
      `INSERT INTO file_entries (file_id, name, content_type, size, width, height, blob_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
      [file.fileId, file.file.name.slice(0, 255) || 'file', contentType, blob.size, dimensions?.width ?? null, dimensions?.height ?? null, blob.hash, draft.now],
    );
    entries.push(row.id);
  }
  draft.setFiles(entries);

  const reusable = [];
  for (const include of plan.includes) {
    if (include.keep) {
      reusable.push(include.keep);
      continue;
    }
    const document = rewriteImportedRefs(markdownToDocument(include.markdown ?? ''), include.source ?? null, targets);
    const bytes = documentBytes(document);
    const hash = bytes ? (await blobs.put(tx, bytes)).hash : undefined;
    reusable.push({ id: include.id, title: include.title.trim().slice(0, 256) || 'Untitled', ...(hash ? { document: hash } : {}) });
  }
  draft.setReusableContents(reusable);
  draft.setVariables(plan.variables);
}
