import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Page, PageSize } from '@/lib/list-state';
import { renderWithProviders } from '@/test/render';
import { PagedList } from './paged-list';

const fruits = Array.from({ length: 60 }, (_, i) => `fruit ${i + 1}`);

function Fruits({ all = fruits, narrowed = false }: { all?: string[]; narrowed?: boolean }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const query = useQuery({
    queryKey: ['fruits', all, page, pageSize],
    enabled: true,
    queryFn: async (): Promise<Page<string>> => ({
      rows: all.slice((page - 1) * pageSize, page * pageSize),
      offset: (page - 1) * pageSize,
      total: all.length,
    }),
  });
  return (
    <PagedList
      query={query}
      what="fruits"
      empty={<p>No fruits yet</p>}
      narrowed={narrowed}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={setPageSize}
    >
      {(rows) => <p>{rows.join(', ')}</p>}
    </PagedList>
  );
}

describe('PagedList', () => {
  it('shows where the page is in the list and moves between pages', async () => {
    const { user } = renderWithProviders(<Fruits />);
    expect(await screen.findByText('1–25 of 60 fruits')).toBeInTheDocument();
    expect(screen.getByText(/^fruit 1, .*fruit 25$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('51–60 of 60 fruits')).toBeInTheDocument();
    expect(screen.getByText(/^fruit 51, .*fruit 60$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('26–50 of 60 fruits')).toBeInTheDocument();
  });

  it('changes the page size', async () => {
    const { user } = renderWithProviders(<Fruits />);
    await screen.findByText('1–25 of 60 fruits');
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: '100' }));
    expect(await screen.findByText('1–60 of 60 fruits')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();
  });

  it('shows what to do next when there are no rows, and says so when a search matches none', async () => {
    const { unmount } = renderWithProviders(<Fruits all={[]} />);
    expect(await screen.findByText('No fruits yet')).toBeInTheDocument();
    unmount();
    renderWithProviders(<Fruits all={[]} narrowed />);
    expect(await screen.findByText('No fruits match this search or filter.')).toBeInTheDocument();
    expect(screen.queryByText('No fruits yet')).not.toBeInTheDocument();
  });
});
