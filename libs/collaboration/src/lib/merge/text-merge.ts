// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package exposes its types only through `exports`, which node10 resolution (apps/api) cannot see
/// <reference path="./node-diff3.d.ts" />
import { diff3Merge } from 'node-diff3';

/** Labels of the two sides in conflict markers. */
export interface MergeLabels {
  ours: string;
  theirs: string;
}

export type TextMergeResult = { clean: true; text: string } | { clean: false; text: string; regions: number };

/**
 * Three-way merge of a text by lines (`node-diff3`): what changed on one side only is taken,
 * what changed identically on both is taken once, and a part changed differently on both sides
 * is a conflict, written git-style into `text`. The markers are paragraphs of inline code
 * (`` `<<<<<<< ours` ``, `` `=======` ``, `` `>>>>>>> theirs` ``, each between blank lines) so that
 * they survive the markdown -> document -> markdown round trip of a page body unchanged.
 */
export function mergeText(base: string, ours: string, theirs: string, labels: MergeLabels): TextMergeResult {
  if (ours === theirs) return { clean: true, text: ours };
  if (ours === base) return { clean: true, text: theirs };
  if (theirs === base) return { clean: true, text: ours };
  const regions = diff3Merge(ours.split('\n'), base.split('\n'), theirs.split('\n'), { excludeFalseConflicts: true });
  const lines: string[] = [];
  let conflicts = 0;
  for (const region of regions) {
    if (region.ok) lines.push(...region.ok);
    else if (region.conflict) {
      conflicts++;
      lines.push('', `\`<<<<<<< ${labels.ours}\``, '', ...region.conflict.a, '', '`=======`', '', ...region.conflict.b, '', `\`>>>>>>> ${labels.theirs}\``, '');
    }
  }
  const text = lines.join('\n');
  return conflicts === 0 ? { clean: true, text } : { clean: false, text, regions: conflicts };
}
