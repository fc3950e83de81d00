import { readFileSync } from 'node:fs';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * One stack per data directory: the stack owns the embedded Postgres server in it, and two stacks
 * would fight over it. The lock is a file holding the owner's pid; a lock whose process is gone
 * (killed, crashed) is reclaimed, and the Postgres server such a stack left behind is stopped by
 * the next start (db/embedded.ts).
 */
export class DataDirLockedError extends Error {
  constructor(readonly pid: number) {
    super(`FactoryFlow stack is already running on this data directory (pid ${pid})`);
  }
}

export const LOCK_FILE_NAME = 'factoryflow-stack.lock';

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, LOCK_FILE_NAME);
  const ownPid = String(process.pid);

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockFile, ownPid, { flag: 'wx' });
      return async () => {
        // Only remove the lock if it is still ours.
        if ((await readFile(lockFile, 'utf8').catch(() => '')) === ownPid) await unlink(lockFile).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw new DataDirLockedError(holder);
    await unlink(lockFile).catch(() => {});
  }
  // Another process reclaimed the stale lock between our unlink and write.
  const holder = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => '0'), 10);
  throw new DataDirLockedError(holder);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * A killed stack whose parent died with it lingers as a zombie until init reaps it, which some
 * container inits do late; it answers signal 0 but holds no files. Linux only; elsewhere, alive.
 */
function isZombie(pid: number): boolean {
  try {
    // /proc/<pid>/stat: "pid (command) state ..."; the command may itself contain ") ".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}
