import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readVerifyJwt } from './config';

const write = (text: string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'functions-config-')), 'config.toml');
  writeFileSync(file, text);
  return file;
};

describe('readVerifyJwt', () => {
  it('reads verify_jwt of each [functions.<name>] table, quoted names included', () => {
    const file = write(
      [
        '[api]',
        'verify_jwt = false # not a function table',
        '[functions.website-orders]',
        'enabled = true',
        'verify_jwt = false  # shops send no JWT',
        '[functions."with-jwt"]',
        'verify_jwt = true',
        '[functions.other]',
        'entrypoint = "./functions/other/index.ts"',
      ].join('\n'),
    );
    expect(Object.fromEntries(readVerifyJwt(file))).toEqual({ 'website-orders': false, 'with-jwt': true });
  });

  it('the project config turns JWT verification off for website-orders only (shopify-inventory keeps it, explicitly)', () => {
    const settings = readVerifyJwt(path.resolve(import.meta.dirname, '../../../supabase/config.toml'));
    expect(Object.fromEntries(settings)).toEqual({ 'website-orders': false, 'shopify-inventory': true });
  });

  it('a missing file means every function keeps the default', () => {
    expect(readVerifyJwt('/nonexistent/config.toml').size).toBe(0);
  });
});
