import { Injectable } from '@nestjs/common';
import type { ContentTarget } from '@docs/content';
import { Caller } from '@docs/identity';
import { ChangeRequestContentHead, assertContentChangeable } from '../change-requests/change-request-head';
import { ChangeRequestsService } from '../change-requests/change-requests.service';

/** Resolves a change request's content for the content routes: a read target, or a write head. */
@Injectable()
export class ChangeRequestContent {
  constructor(private readonly changeRequests: ChangeRequestsService) {}

  /** Its head revision, read through its own head index (read level on the space). */
  async target(spaceId: string, key: string, caller: Caller): Promise<ContentTarget> {
    const { space, changeRequest } = await this.changeRequests.require(spaceId, key, caller, 'read', 'read its change requests');
    return { organizationId: space.space.organizationId, spaceId: space.space.id, revisionId: changeRequest.revisionId, headKey: changeRequest.id };
  }

  /**
   * Its head for a write (edit level). Merged and archived change requests are refused (409) here
   * and again under the head's lock, where it counts.
   */
  async head(spaceId: string, key: string, caller: Caller): Promise<ChangeRequestContentHead> {
    const { space, changeRequest } = await this.changeRequests.require(spaceId, key, caller, 'edit', 'edit change requests');
    assertContentChangeable(changeRequest.status, changeRequest.id);
    return new ChangeRequestContentHead(changeRequest.id, space.space.id, space.space.organizationId);
  }
}
