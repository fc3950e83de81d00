import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { QueryList } from './query-list';

function Fruits({ fetchFruits }: { fetchFruits: () => Promise<string[]> }) {
  const fruits = useQuery({ queryKey: ['fruits'], queryFn: fetchFruits, enabled: true });
  return (
    <QueryList query={fruits} what="fruits" empty={<p>No fruits yet</p>}>
      {(rows) => <p>{rows.join(', ')}</p>}
    </QueryList>
  );
}

describe('QueryList', () => {
  it('shows a busy placeholder while loading, then the rows', async () => {
    let resolve: (rows: string[]) => void = () => {};
    renderWithProviders(<Fruits fetchFruits={() => new Promise((done) => (resolve = done))} />);

    expect(screen.getByLabelText('Loading fruits')).toHaveAttribute('aria-busy', 'true');
    resolve(['mango', 'guava']);
    expect(await screen.findByText('mango, guava')).toBeInTheDocument();
  });

  it('shows what to do next when there are no rows', async () => {
    renderWithProviders(<Fruits fetchFruits={async () => []} />);
    expect(await screen.findByText('No fruits yet')).toBeInTheDocument();
  });

  it('says what failed and loads again on Try again', async () => {
    let calls = 0;
    const fetchFruits = async () => {
      calls += 1;
      if (calls === 1) throw new Error('The network is down.');
      return ['mango'];
    };
    const { user } = renderWithProviders(<Fruits fetchFruits={fetchFruits} />);

    expect(await screen.findByText('Could not load fruits')).toBeInTheDocument();
    expect(screen.getByText('The network is down.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('mango')).toBeInTheDocument();
  });
});
