/**
 * The part of `node-diff3` used here. The package ships its types only through `exports`, which
 * this workspace's `moduleResolution` (node10) does not read; at run time `require` resolves
 * its CommonJS build (dist/diff3.cjs) through the same `exports`.
 */
declare module 'node-diff3' {
  export interface MergeRegion<T> {
    ok?: T[];
    conflict?: { a: T[]; aIndex: number; b: T[]; bIndex: number; o: T[]; oIndex: number };
  }
  export function diff3Merge<T = string>(a: T[], o: T[], b: T[], options?: { excludeFalseConflicts?: boolean }): MergeRegion<T>[];
}
