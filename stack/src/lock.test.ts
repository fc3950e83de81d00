import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from './lock';

describe('data directory lock', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ff-lock-unit-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('holds the owner pid while locked and removes the file on release', async () => {
    const release = await lockDataDir(dataDir);
    expect(await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe(String(process.pid));
    await release();
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('refuses a second lock while the owner lives, naming its pid', async () => {
    const release = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(new DataDirLockedError(process.pid).message);
    await release();
    await (await lockDataDir(dataDir))();
  });

  it('reclaims the lock of a process that no longer exists', async () => {
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(path.join(dataDir, LOCK_FILE_NAME), String(deadPid));
    const release = await lockDataDir(dataDir);
    expect(await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('reclaims the lock of a killed process left as a zombie (not yet reaped by its parent)', async () => {
    // The forked child exits at once; its parent sleeps and never waits for it. (A shell may reap
    // its background job before exec-ing, so it cannot be the parent.)
    const parent = spawn('perl', ['-e', '$| = 1; if (my $pid = fork) { print "$pid\n"; sleep 30 } else { exit 0 }'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const zombiePid = Number((await new Promise<Buffer>((resolve) => parent.stdout.once('data', resolve))).toString());
      await expect.poll(() => readFileSync(`/proc/${zombiePid}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
      await writeFile(path.join(dataDir, LOCK_FILE_NAME), String(zombiePid));
      const release = await lockDataDir(dataDir);
      expect(await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe(String(process.pid));
      await release();
    } finally {
      parent.kill();
    }
  });

  it('reclaims an unreadable lock file', async () => {
    await writeFile(path.join(dataDir, LOCK_FILE_NAME), 'not a pid');
    const release = await lockDataDir(dataDir);
    expect(await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe(String(process.pid));
    await release();
  });
});
