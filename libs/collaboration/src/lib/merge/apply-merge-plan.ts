import type { ContentDraft, PagePosition } from '@docs/content';
import type { MergeStep } from './merge-plan';

/**
 * Applies a merge plan's steps to a draft of the target head: new pages keep the id they have on
 * the other side (and their slug, made unique if a sibling took it), updates and moves go through
 * the same draft operations as page writes. A place next to a sibling the target no longer has
 * falls back to the end of the container.
 */
export async function applyMergePlan(draft: ContentDraft, steps: MergeStep[]): Promise<void> {
  for (const step of steps) {
    switch (step.kind) {
      case 'create': {
        const { node, parentPageId, after } = step.version;
        if (parentPageId !== null && !(await draft.hasPage(parentPageId))) break;
        await draft.createPage({
          parent: parentPageId,
          position: await positionFor(draft, parentPageId, after, step.pageId),
          pageId: step.pageId,
          preferredSlug: node.slug ?? undefined,
          fields: {
            type: node.type,
            title: node.title,
            emoji: node.emoji,
            description: node.description,
            hidden: node.hidden,
            noIndex: node.noIndex,
            href: node.href,
            documentHash: node.documentHash,
            variables: node.variables,
          },
        });
        break;
      }
      case 'update':
        await draft.updatePage(step.pageId, step.changes);
        break;
      case 'move':
        if (!(await draft.hasPage(step.pageId))) break;
        if (step.parentPageId !== null && !(await draft.hasPage(step.parentPageId))) break;
        await draft.movePage(step.pageId, { parent: step.parentPageId, position: await positionFor(draft, step.parentPageId, step.after, step.pageId) });
        break;
      case 'delete':
        if (await draft.hasPage(step.pageId)) await draft.deletePage(step.pageId);
        break;
      case 'merge-body':
      case 'set-body':
        throw new Error(`the body of page ${step.pageId} must be resolved into an update before applying`);
    }
  }
}

async function positionFor(draft: ContentDraft, parent: string | null, after: string | null, self: string): Promise<PagePosition | undefined> {
  const siblings = (await draft.childIds(parent)).filter((id) => id !== self);
  if (after === null) return siblings.length > 0 ? { before: siblings[0] } : undefined;
  return siblings.includes(after) ? { after } : undefined;
}
