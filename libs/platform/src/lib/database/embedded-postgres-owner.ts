import { readFileSync, writeFileSync } from 'node:fs';

/** Kept in the data folder beside postmaster.pid: who runs the embedded server. */
export const OWNER_FILE = 'docs-platform-owner.json';

export interface DatabaseOwner {
  /** The process the server lives for (the launcher, a standalone api, the CLI...). */
  pid: number;
  /** How to name it to someone who is refused the folder. */
  description: string;
  /** The shell loop that stops the server once `pid` is gone. */
  guardianPid?: number;
}

export function readOwner(file: string): DatabaseOwner | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<DatabaseOwner>;
    if (!Number.isInteger(parsed.pid) || (parsed.pid as number) <= 0) return undefined;
    return {
      pid: parsed.pid as number,
      description: typeof parsed.description === 'string' ? parsed.description : 'another process',
      guardianPid: Number.isInteger(parsed.guardianPid) && (parsed.guardianPid as number) > 0 ? parsed.guardianPid : undefined,
    };
  } catch {
    // Half-written by a process killed mid-write: nobody's.
    return undefined;
  }
}

/** Creates the owner file only if there is none: of two processes claiming at once, one wins. */
export function writeOwnerExclusively(file: string, owner: DatabaseOwner): boolean {
  try {
    writeFileSync(file, JSON.stringify(owner), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
