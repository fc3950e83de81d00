/**
 * Builds the app once for every end-to-end file (see built-app.ts) and, meanwhile, makes the stack
 * template their throwaway stacks start from (tests/support/stack-template.ts); removes both after
 * the run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { makeStackTemplate } from '../../support/stack-template';
import { ANON_KEY_PLACEHOLDER, STACK_URL_PLACEHOLDER } from './built-app';

declare module 'vitest' {
  export interface ProvidedContext {
    builtAppDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [built, template] = await Promise.allSettled([buildApp(), makeStackTemplate()]);
  const removeBuild = async () => {
    if (built.status === 'fulfilled') await rm(built.value, { recursive: true, force: true });
  };
  if (built.status === 'rejected' || template.status === 'rejected') {
    await removeBuild();
    if (template.status === 'fulfilled') await template.value.remove();
    throw built.status === 'rejected' ? built.reason : (template as PromiseRejectedResult).reason;
  }
  project.provide('builtAppDir', built.value);
  project.provide('stackTemplate', template.value.dataDir);
  return async () => {
    await removeBuild();
    await template.value.remove();
  };
}

async function buildApp(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'factoryflow-e2e-app-'));
  // Vite reads VITE_* variables from its process's environment: set only for this build. It keeps
  // a NODE_ENV already set, and Vitest sets `test`: React and the JSX transform would then be their
  // development builds, about twice the browser's work, instead of what users get.
  const saved = {
    url: process.env.VITE_SUPABASE_URL,
    key: process.env.VITE_SUPABASE_ANON_KEY,
    nodeEnv: process.env.NODE_ENV,
  };
  process.env.VITE_SUPABASE_URL = STACK_URL_PLACEHOLDER;
  process.env.VITE_SUPABASE_ANON_KEY = ANON_KEY_PLACEHOLDER;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: 'vite.config.ts',
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    restore('VITE_SUPABASE_URL', saved.url);
    restore('VITE_SUPABASE_ANON_KEY', saved.key);
    restore('NODE_ENV', saved.nodeEnv);
  }
  return outDir;
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
