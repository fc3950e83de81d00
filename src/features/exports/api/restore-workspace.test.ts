import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ supabase: {} }));
const callRpc = vi.fn();
vi.mock('@/lib/write', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/write')>()),
  callRpc,
  useWrite: vi.fn(),
}));

const { BACKUP_PART_LENGTH, MAX_BACKUP_BYTES, backupParts, restoreWorkspace } = await import('./restore-workspace');

const SUBMISSION = '0f1e2d3c-4b5a-4968-8776-655443322110';

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

describe('the size Restore takes', () => {
  it('reads a file of exactly 20 MB and sends it in parts with one request id, the last one answering', async () => {
    const text = vi.fn().mockResolvedValue('a'.repeat(BACKUP_PART_LENGTH + 1));
    callRpc.mockResolvedValueOnce({ received: 1, parts: 2 }).mockResolvedValueOnce({ products: 1 });
    const file = { name: 'backup.json', size: MAX_BACKUP_BYTES, text } as unknown as File;
    await expect(restoreWorkspace(file, SUBMISSION)).resolves.toEqual({ products: 1 });
    expect(callRpc.mock.calls.map(([name, args]) => [name, args.part, args.parts, args.content.length])).toEqual([
      ['restore_workspace', 0, 2, BACKUP_PART_LENGTH],
      ['restore_workspace', 1, 2, 1],
    ]);
    const [first, last] = callRpc.mock.calls.map(([, args]) => args.request_id);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(last).toBe(first);
  });

  it('refuses a byte more before reading it', async () => {
    const text = vi.fn();
    const file = { name: 'big.json', size: MAX_BACKUP_BYTES + 1, text } as unknown as File;
    await expect(restoreWorkspace(file, SUBMISSION)).rejects.toThrow(
      'This file is larger than 20 MB: a backup that Restore takes is at most 20 MB.',
    );
    expect(text).not.toHaveBeenCalled();
  });
});
