import { ConflictException, Injectable } from '@nestjs/common';
import type { MergeRulesSpace, MergeRulesStandalone } from '@docs/identity';
import type { EntityManager } from 'typeorm';
import type { ChangeRequestEntity } from '../change-requests/change-request.entity';
import { isOutdated } from '../change-requests/change-request.presenter';
import { effectiveMergeRules, evaluateMergeRules } from './evaluate-merge-rules';
import { ReviewsService } from './reviews.service';

/**
 * The merge rules at merge time, inside the merge's transaction (the space and change request
 * rows are locked, so reviews and rules read here are the ones the merge goes through with).
 */
@Injectable()
export class MergeGate {
  constructor(private readonly reviews: ReviewsService) {}

  /** 409 naming every unmet rule when the space's effective merge rules do not allow `actorId` to merge. */
  async assertAllowed(tx: EntityManager, changeRequest: ChangeRequestEntity, spaceRevisionId: string, actorId: string): Promise<void> {
    const [rules]: { space_rules: MergeRulesSpace; organization_rules: MergeRulesStandalone }[] = await tx.query(
      `SELECT s.merge_rules AS space_rules, o.merge_rules AS organization_rules
         FROM spaces s JOIN organizations o ON o.id = s.organization_id WHERE s.id = $1`,
      [changeRequest.spaceId],
    );
    const config = effectiveMergeRules(rules.space_rules, rules.organization_rules);
    if (config.type === 'none') return;
    // One after the other: a transaction's statements share one connection.
    const reviews = await this.reviews.current(tx, changeRequest);
    const pending: { user_id: string }[] = await tx.query(
      `SELECT user_id FROM change_request_requested_reviewers WHERE change_request_id = $1 ORDER BY user_id`,
      [changeRequest.id],
    );
    const verdict = evaluateMergeRules(config, {
      actorId,
      changeRequest: { createdBy: changeRequest.createdBy, subject: changeRequest.subject, outdated: isOutdated(changeRequest, spaceRevisionId) },
      reviews,
      pendingReviewers: pending.map((row) => row.user_id),
    });
    if (!verdict.allowed) {
      const unmet = verdict.unmet.map((u) => `${u.rule} (${u.message})`).join('; ');
      throw new ConflictException(`The merge rules do not allow merging change request ${changeRequest.id} yet: ${unmet}.`);
    }
  }
}
