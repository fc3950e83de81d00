import { ScrollArea, Table, Text } from '@mantine/core';
import { formatQuantity } from '@/lib/format';
import { styleGrid } from '../api/style-grid';
import type { Style, StyleVariant } from '../api/styles';
import { StockCount } from './stock-count';

/** The stock of some cells of the grid: a row, a column, or all. */
const stockOf = (variants: readonly (StyleVariant | null)[]) =>
  variants.reduce((sum, variant) => sum + (variant?.stock_on_hand ?? 0), 0);

/**
 * A style's stock at a glance: sizes down, colours across, each cell a variant's stock on hand,
 * red below its reorder point, with totals per size and per colour.
 */
export function StyleStockGrid({ style }: { style: Style }) {
  const grid = styleGrid(style);
  const oneOption = style.options.length === 1;
  return (
    // Focusable, so that a grid wider than a phone scrolls from the keyboard too.
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
      <Table
        withTableBorder
        withColumnBorders
        verticalSpacing={4}
        horizontalSpacing="xs"
        aria-label={`${style.style_name} stock`}
        style={{ width: 'auto' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              {oneOption
                ? style.options[0]!.name
                : `${style.options[0]!.name} \\ ${style.options
                    .slice(1)
                    .map((option) => option.name)
                    .join(' / ')}`}
            </Table.Th>
            {grid.columns.map((column) => (
              <Table.Th key={column} ta="right">
                {column}
              </Table.Th>
            ))}
            {!oneOption && <Table.Th ta="right">Total</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.rows.map((row, rowIndex) => (
            <Table.Tr key={row}>
              <Table.Th scope="row">{oneOption ? 'Stock' : row}</Table.Th>
              {grid.cells[rowIndex]!.map((variant, columnIndex) => (
                <Table.Td key={columnIndex} ta="right">
                  {variant === null ? (
                    <Text span c="dimmed" aria-label="No such variant">
                      —
                    </Text>
                  ) : (
                    <StockCount variant={variant} />
                  )}
                </Table.Td>
              ))}
              {!oneOption && (
                <Table.Td ta="right" fw={500}>
                  {formatQuantity(stockOf(grid.cells[rowIndex]!))}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {!oneOption && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              {grid.columns.map((column, columnIndex) => (
                <Table.Td key={column} ta="right" fw={500}>
                  {formatQuantity(stockOf(grid.cells.map((cells) => cells[columnIndex]!)))}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={700}>
                {formatQuantity(stockOf(grid.cells.flat()))}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </ScrollArea>
  );
}
