import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * One process per PGlite data directory: two embedded Postgres instances writing the same files
 * corrupt them. The lock is a file holding the owner's pid; a lock whose process is gone (killed,
 * crashed) is reclaimed.
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
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
