/**
 * The part of `node-diff3` the app uses. The package ships its types only through `exports`, which
 * this workspace's module resolution (node10) does not read; Vite bundles its ES module build.
 */
declare module 'node-diff3' {
  export interface CommRegion<T> {
    common?: T[];
    buffer1?: T[];
    buffer2?: T[];
  }
  export function diffComm<T = string>(buffer1: T[], buffer2: T[]): CommRegion<T>[];
}
