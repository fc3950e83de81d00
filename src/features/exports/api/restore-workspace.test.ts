import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ supabase: {} }));

const { BACKUP_PART_LENGTH, backupParts } = await import('./restore-workspace');

describe('a backup cut into parts for restore_workspace', () => {
  it('cuts at the part length and joins back to the file', () => {
    const text = 'a'.repeat(BACKUP_PART_LENGTH * 2 + 1);
    const parts = backupParts(text);
    expect(parts.map((part) => part.length)).toEqual([BACKUP_PART_LENGTH, BACKUP_PART_LENGTH, 1]);
    expect(parts.join('')).toBe(text);
  });

  it('never parts the two halves of a character outside the basic plane', () => {
    const text = `${'a'.repeat(BACKUP_PART_LENGTH - 1)}😀b`;
    const parts = backupParts(text);
    expect(parts).toEqual(['a'.repeat(BACKUP_PART_LENGTH - 1), '😀b']);
  });

  it('sends an empty file as one empty part, which the server refuses as not a backup', () => {
    expect(backupParts('')).toEqual(['']);
  });
});
