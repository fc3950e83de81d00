import { describe, expect, it } from 'vitest';
import { fetchAllPages } from './fetch-all-pages';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('fetchAllPages', () => {
  it('asks for consecutive bounded ranges until a page comes back short', async () => {
    const source = numbers(25);
    const asked: [number, number][] = [];
    const rows = await fetchAllPages(async ({ from, to }) => {
      asked.push([from, to]);
      return source.slice(from, to + 1);
    }, 10);
    expect(rows).toEqual(source);
    expect(asked).toEqual([
      [0, 9],
      [10, 19],
      [20, 29],
    ]);
  });

  it('asks once more after an exactly full last page, and stops at the empty one', async () => {
    const asked: number[] = [];
    const rows = await fetchAllPages(async ({ from, to }) => {
      asked.push(from);
      return numbers(20).slice(from, to + 1);
    }, 10);
    expect(rows).toHaveLength(20);
    expect(asked).toEqual([0, 10, 20]);
  });

  it('gives up with a message rather than looping when pages never end', async () => {
    await expect(fetchAllPages(async () => numbers(1), 1)).rejects.toThrow('too many to download at once');
  });

  it('passes a failed page on', async () => {
    await expect(
      fetchAllPages(async () => {
        throw new Error('Could not reach the server.');
      }),
    ).rejects.toThrow('Could not reach the server.');
  });
});
