import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { api, listAll } from '../api/client';
import { changeRequestContent, changeRequestPath } from '../api/content-paths';
import type { ChangeRequestReview, Organization, OrganizationMember, RevisionPage, Space, User } from '../api/types';
import { useResource } from '../api/use-resource';
import { ChangesSection } from '../change-requests/changes-section';
import { previewScreenUrl } from '../sites/preview-pages';
import { ChangeRequestHeader, ChangeRequestWithExtensions } from '../change-requests/change-request-header';
import { changeRequestHref } from '../change-requests/change-request-words';
import { ConflictsSection } from '../change-requests/conflicts-section';
import { MergeSection } from '../change-requests/merge-section';
import { mergeVerdict, MergeRules } from '../change-requests/merge-verdict';
import { RequestedReviewer, ReviewsSection } from '../change-requests/reviews-section';
import { CommentThreads } from '../comments/comment-threads';
import { Status } from '../components/status';
import { pageChoices } from '../navigation/page-choices';
import { pageAtPath, pagesById, pageTree } from '../navigation/page-tree';
import { PageTreePanel } from '../navigation/page-tree-panel';
import { isWithin } from '../navigation/tree-moves';
import { PageEditorPanel, SelectedBlock } from './page-editor-panel';

type SpaceWithRules = Space & { mergeRules: MergeRules };

/**
 * `/s/{spaceId}/~/changes/{number}[/{page path}]`: a change request. Its pages in a tree and, for a
 * page, the editor (saving to the change request) and the page's comments; otherwise its overview:
 * conflicts left by an update, merge (with the merge rules' verdict), changes per page, reviews,
 * comments.
 */
export function ChangeRequestScreen({ spaceId, number, pagePath = '' }: { spaceId: string; number: string; pagePath?: string }) {
  const { route } = useLocation();
  const path = changeRequestPath(spaceId, number);
  const [block, setBlock] = useState<SelectedBlock>();
  const space = useResource(`space:${spaceId}`, () => api.get<SpaceWithRules>(`/v1/spaces/${spaceId}`));
  const user = useResource('user', () => api.get<User>('/v1/user'));
  const changeRequest = useResource(`change-request:${spaceId}:${number}`, () => api.get<ChangeRequestWithExtensions>(path));
  const cr = changeRequest.data;
  const content = cr ? changeRequestContent(spaceId, cr.id) : undefined;
  const pages = useResource(cr ? `change-request-pages:${cr.id}:${cr.revision}` : null, async () => (await api.get<{ pages: RevisionPage[] }>(`${content}/pages`)).pages);
  const organizationId = space.data?.organization;
  const organization = useResource(organizationId ? `organization:${organizationId}` : null, () => api.get<Organization & { mergeRules: MergeRules }>(`/v1/orgs/${organizationId}`));
  const members = useResource(organizationId ? `members:${organizationId}` : null, () => listAll<OrganizationMember>(`/v1/orgs/${organizationId}/members`));
  const reviews = useResource(cr ? `reviews:${cr.id}:${cr.revision}:${cr.updatedAt}` : null, () => listAll<ChangeRequestReview>(`${path}/reviews`));
  const requested = useResource(cr ? `requested:${cr.id}:${cr.updatedAt}` : null, () => listAll<RequestedReviewer>(`${path}/requested-reviewers`));

  const reloadReviews = () => {
    changeRequest.reload();
    reviews.reload();
    requested.reload();
  };
  const pagePathDecoded = decodeURIComponent(pagePath);
  const page = pages.data && pagePathDecoded ? pageAtPath(pages.data, pagePathDecoded) : undefined;
  useEffect(() => setBlock(undefined), [page?.id]);
  // Its pages take edits while it is still being written (a merged or archived one takes none).
  const writable = cr !== undefined && content !== undefined && (cr.permissions?.edit ?? false) && (cr.status === 'draft' || cr.status === 'open');
  const tree = pages.data && cr ? pageTree(spaceId, pages.data, { base: changeRequestHref(spaceId, cr.number), editable: writable }) : [];
  const titles = pages.data ? pagesById(spaceId, pages.data) : new Map<string, { title: string; href?: string }>();
  const spaceHref = `/s/${spaceId}`;

  const names = new Map((members.data ?? []).map((member) => [member.user.id, member.user.displayName]));
  const verdict =
    cr && space.data && organization.data && reviews.data && requested.data && user.data
      ? mergeVerdict({
          spaceRules: space.data.mergeRules ?? { type: 'inherit' },
          organizationRules: organization.data.mergeRules ?? { type: 'none' },
          changeRequest: { status: cr.status, subject: cr.subject, outdated: cr.outdated, conflicts: cr.conflicts ?? [], createdBy: cr.createdBy?.id, mayMerge: cr.permissions?.merge ?? false },
          actorId: user.data.id,
          reviews: reviews.data.filter((review) => !review.outdated).map((review) => ({ reviewerId: review.reviewer.id, status: review.status })),
          pendingReviewers: requested.data.map((entry) => entry.user.id),
          nameOf: (id) => names.get(id) ?? id,
        })
      : undefined;

  return (
    <div class="workspace">
      <nav class="sidebar" aria-label="Change request">
        {space.data && (
          <p class="breadcrumbs">
            <a href={spaceHref}>{space.data.title || 'Untitled'}</a>
          </p>
        )}
        {cr && (
          <p>
            <a href={changeRequestHref(spaceId, cr.number)} aria-current={page ? undefined : 'page'}>
              Overview
            </a>
          </p>
        )}
        {cr && (
          <p>
            {/* As the published site would show it: the page on screen, or the site's home. */}
            <a href={previewScreenUrl(spaceId, cr.number, page?.type === 'document' ? page.path : undefined)}>Preview</a>
          </p>
        )}
        {cr && (
          <PageTreePanel
            label="Pages of the change request"
            pages={pages}
            tree={tree}
            current={page?.id}
            target={writable ? { where: 'the change request', content: async () => content! } : undefined}
            // Done once the tree is read again: the next edit by keys names the pages as they are now.
            refresh={async () => {
              await Promise.all([changeRequest.reload(), pages.reload()]);
            }}
            created={(_, createdPath, type) => {
              if (createdPath !== undefined && type === 'document') route(changeRequestHref(spaceId, cr.number, createdPath));
            }}
            removed={(node) => {
              // The page on screen went (or a page above it): the change request's overview shows.
              if (page && isWithin(node, page.id)) route(changeRequestHref(spaceId, cr.number), true);
            }}
          />
        )}
      </nav>
      <main id="main" class="page change-request">
        <Status resource={changeRequest} what="the change request" />
        {cr && <ChangeRequestHeader path={path} changeRequest={cr} onChanged={changeRequest.reload} />}
        {cr && pagePathDecoded && pages.data && !page && <p role="alert">No page of this change request has the path {pagePathDecoded}.</p>}
        {cr && page && page.type === 'document' && content && (
          <>
            <PageEditorPanel
              key={page.id}
              content={content}
              pageId={page.id}
              titleLevel={2}
              editable={cr.permissions?.edit ?? false}
              resolvePage={(ref) => (ref.kind === 'page' && (!ref.space || ref.space === spaceId) ? titles.get(ref.page) : undefined)}
              pages={pageChoices(pages.data ?? [])}
              organizationId={organizationId}
              onSaved={changeRequest.reload}
              onSelectBlock={setBlock}
            />
            <CommentThreads
              path={`${path}/comments`}
              pageId={page.id}
              heading="Comments on this page"
              userId={user.data?.id}
              canComment={cr.permissions?.comment ?? false}
              block={block}
            />
          </>
        )}
        {cr && page && page.type !== 'document' && <h2>{page.title}</h2>}
        {cr && !pagePathDecoded && (
          <>
            <ConflictsSection spaceId={spaceId} changeRequest={cr} canEdit={cr.permissions?.edit ?? false} onResolved={changeRequest.reload} />
            {cr.status === 'merged' ? (
              <p role="status" class="note">
                Merged into the space. <a href={spaceHref}>Open the space</a>
              </p>
            ) : (
              verdict && <MergeSection path={path} verdict={verdict} spaceHref={spaceHref} onMerged={changeRequest.reload} />
            )}
            <ChangesSection spaceId={spaceId} changeRequest={cr} />
            {reviews.data && requested.data && (
              <ReviewsSection
                path={path}
                reviews={reviews.data}
                requested={requested.data}
                members={members.data ?? []}
                authorId={cr.createdBy?.id}
                canRequest={cr.permissions?.edit ?? false}
                canReview={cr.permissions?.review ?? false}
                onChanged={reloadReviews}
              />
            )}
            <CommentThreads path={`${path}/comments`} heading="Comments" userId={user.data?.id} canComment={cr.permissions?.comment ?? false} />
          </>
        )}
      </main>
    </div>
  );
}
