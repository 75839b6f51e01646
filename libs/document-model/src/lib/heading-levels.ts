/**
 * GitBook's heading levels in markdown: the page title is the file's `#`, so a document's
 * heading-1 is `##`, heading-2 `###` and heading-3 `####`; a `#` in a body reads as heading-1 and
 * `#####` or deeper as heading-3 (the reference has three levels).
 */
export function headingLevel(markdownLevel: number): 1 | 2 | 3 {
  return Math.min(3, Math.max(1, markdownLevel - 1)) as 1 | 2 | 3;
}

/** The markdown level (number of `#`, or `<hN>`) a document heading is written at. */
export function markdownHeadingLevel(type: string): number {
  return Number(type.slice(-1)) + 1;
}
