/**
 * Builds the app once for every end-to-end file (see built-app.ts), and removes the build after the
 * run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { ANON_KEY_PLACEHOLDER, STACK_URL_PLACEHOLDER } from './built-app';

declare module 'vitest' {
  export interface ProvidedContext {
    builtAppDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'factoryflow-e2e-app-'));
  // Vite reads VITE_* variables from its process's environment: set only for this build.
  const saved = { url: process.env.VITE_SUPABASE_URL, key: process.env.VITE_SUPABASE_ANON_KEY };
  process.env.VITE_SUPABASE_URL = STACK_URL_PLACEHOLDER;
  process.env.VITE_SUPABASE_ANON_KEY = ANON_KEY_PLACEHOLDER;
  try {
    await build({ configFile: 'vite.config.ts', logLevel: 'error', build: { outDir, emptyOutDir: true } });
  } finally {
    restore('VITE_SUPABASE_URL', saved.url);
    restore('VITE_SUPABASE_ANON_KEY', saved.key);
  }
  project.provide('builtAppDir', outDir);
  return () => rm(outDir, { recursive: true, force: true });
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
