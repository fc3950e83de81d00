/**
 * One stopped stack data directory per Vitest run, initialised and migrated once, that each test
 * file's throwaway stack copies (startStack's templateDataDir) instead of running initdb and every
 * migration itself (issue 27, CI time). The default export is the globalSetup of the projects whose
 * files start throwaway stacks: it provides the template's path as `stackTemplate` and removes it
 * after the run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../stack/src/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stackTemplate: string;
  }
}

/** Makes the template: a stack started once on a new data directory, then stopped. */
export async function makeStackTemplate(): Promise<{ dataDir: string; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'factoryflow-stack-template-'));
  const remove = () => rm(dataDir, { recursive: true, force: true });
  try {
    const stack = await startStack({ port: 0, dataDir, quiet: true });
    await stack.close();
  } catch (error) {
    await remove();
    throw error;
  }
  return { dataDir, remove };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await makeStackTemplate();
  project.provide('stackTemplate', template.dataDir);
  return template.remove;
}
