/** One page of rows: rows `from` to `to` inclusive, as supabase-js `.range(from, to)` takes them. */
export type FetchPage<Row> = (range: { from: number; to: number }) => Promise<Row[]>;

/** Rows per request: large enough to be quick, small enough that no response is huge. */
export const PAGE_SIZE = 1000;
/** A bound on pages, so a server that keeps answering full pages cannot loop forever. */
const MAX_PAGES = 2000;

/**
 * Every row, one bounded page after another, until a page comes back short. The query behind
 * `fetchPage` must have a total order (a unique last sort key), or rows could repeat or go missing
 * between pages.
 */
export async function fetchAllPages<Row>(fetchPage: FetchPage<Row>, pageSize = PAGE_SIZE): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const from = page * pageSize;
    const batch = await fetchPage({ from, to: from + pageSize - 1 });
    rows.push(...batch);
    if (batch.length < pageSize) return rows;
  }
  throw new Error(`More than ${MAX_PAGES * pageSize} rows: too many to download at once.`);
}
