import { Table, UnstyledButton, type TableTdProps } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './data-table.module.css';

export interface TableSort {
  by: string;
  ascending: boolean;
}

export interface DataTableColumn<Row> {
  /** The column header; on a phone it also names the value on each row's card. */
  label: string;
  cell: (row: Row) => ReactNode;
  /** Amounts and counts align right so that their digits line up. */
  numeric?: boolean;
  fw?: TableTdProps['fw'];
  ff?: TableTdProps['ff'];
  /** The server's name for this column's order, where the list can be sorted by it. */
  sortKey?: string;
}

interface DataTableProps<Row> {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  /** Narrower than this (but wider than a phone), the table scrolls sideways. */
  minWidth: number;
  /** Rows scroll inside this height, under a header that stays in view. */
  maxHeight?: string;
  sort?: TableSort;
  /** A sortable column's header sorts by it; again, the other way. */
  onSortChange?: (sort: TableSort) => void;
}

/**
 * A list table. On a phone each row becomes a card of "Column: value" lines, so that every
 * column, the status and the action button included, is on screen without scrolling sideways.
 */
export function DataTable<Row extends { id: string }>({
  columns,
  rows,
  minWidth,
  maxHeight,
  sort,
  onSortChange,
}: DataTableProps<Row>) {
  const align = (column: DataTableColumn<Row>) => (column.numeric ? 'right' : undefined);
  const header = (column: DataTableColumn<Row>) => {
    if (column.sortKey === undefined || !onSortChange) return column.label;
    const sorted = sort?.by === column.sortKey;
    const Icon = !sorted ? IconArrowsSort : sort.ascending ? IconArrowUp : IconArrowDown;
    return (
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => onSortChange({ by: column.sortKey!, ascending: sorted ? !sort.ascending : false })}
      >
        {column.label}
        <Icon size={14} aria-hidden opacity={sorted ? 1 : 0.4} />
      </UnstyledButton>
    );
  };
  // The roles are explicit because the phone layout's `display: block` makes some browsers
  // drop the table semantics they would otherwise infer.
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      maxHeight={maxHeight}
      classNames={{ scrollContainerInner: classes.scrollInner }}
    >
      <Table
        role="table"
        className={classes.table}
        striped
        highlightOnHover
        stickyHeader={maxHeight !== undefined}
        verticalSpacing="sm"
      >
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {columns.map((column) => (
              <Table.Th
                key={column.label}
                role="columnheader"
                ta={align(column)}
                aria-sort={
                  column.sortKey !== undefined && sort?.by === column.sortKey
                    ? sort.ascending
                      ? 'ascending'
                      : 'descending'
                    : undefined
                }
              >
                {header(column)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {rows.map((row) => (
            <Table.Tr key={row.id} role="row">
              {columns.map((column) => (
                <Table.Td
                  key={column.label}
                  role="cell"
                  data-label={column.label}
                  ta={align(column)}
                  className={column.numeric ? classes.numeric : undefined}
                  fw={column.fw}
                  ff={column.ff}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
