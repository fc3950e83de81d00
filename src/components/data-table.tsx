import { NativeSelect, Stack, Table, UnstyledButton, type TableTdProps } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import clsx from 'clsx';
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
  /** How a phone's sort menu names its two directions; by default numbers for numeric columns, else text. */
  sortKind?: SortKind;
  /** On a phone's card, a short value that shares its line with the next such one (Qty beside Total). */
  halfOnPhone?: boolean;
}

type SortKind = 'text' | 'number' | 'date';

/** The two directions of a sortable column, as a phone's sort menu names them: descending first. */
const DIRECTION_NAMES: Record<SortKind, { descending: string; ascending: string }> = {
  date: { descending: 'newest first', ascending: 'oldest first' },
  number: { descending: 'highest first', ascending: 'lowest first' },
  text: { descending: 'Z to A', ascending: 'A to Z' },
};

const sortValue = (sort: TableSort) => `${sort.by}:${sort.ascending ? 'asc' : 'desc'}`;

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
  /** The list's own order where no column gives it (e.g. as added), offered first in a phone's sort menu. */
  listOrder?: { label: string; sort: TableSort };
}

/**
 * A list table. On a phone each row becomes a card of "Column: value" lines, so that every
 * column, the status and the action button included, is on screen without scrolling sideways;
 * the headers that sort are then out of sight, so a sort menu above the cards takes their place.
 */
export function DataTable<Row extends { id: string }>({
  columns,
  rows,
  minWidth,
  maxHeight,
  sort,
  onSortChange,
  listOrder,
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
  const sortOptions = columns.flatMap((column) => {
    if (column.sortKey === undefined) return [];
    const kind = column.sortKind ?? (column.numeric ? 'number' : 'text');
    const directions = kind === 'text' ? ([true, false] as const) : ([false, true] as const);
    return directions.map((ascending) => ({
      value: sortValue({ by: column.sortKey!, ascending }),
      label: `${column.label}: ${DIRECTION_NAMES[kind][ascending ? 'ascending' : 'descending']}`,
    }));
  });
  if (listOrder) sortOptions.unshift({ value: sortValue(listOrder.sort), label: listOrder.label });
  // A native select: the phone's own picker, and no combobox code in the first screen's bundle.
  const sortMenu = onSortChange && sortOptions.length > 0 && (
    <NativeSelect
      hiddenFrom="sm"
      label="Sort by"
      data={sortOptions}
      value={sort ? sortValue(sort) : ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        const separator = value.lastIndexOf(':');
        onSortChange({ by: value.slice(0, separator), ascending: value.slice(separator + 1) === 'asc' });
      }}
    />
  );
  // The roles are explicit because the phone layout's `display: block` makes some browsers
  // drop the table semantics they would otherwise infer.
  const table = (
    <Table.ScrollContainer
      minWidth={minWidth}
      maxHeight={maxHeight}
      // A list cut at a height scrolls: keyboard users reach it to scroll it (WCAG 2.1.1).
      scrollAreaProps={maxHeight === undefined ? undefined : { viewportProps: { tabIndex: 0 } }}
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
                  className={clsx(column.numeric && classes.numeric, column.halfOnPhone && classes.half)}
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
  if (!sortMenu) return table;
  return (
    <Stack gap="sm">
      {sortMenu}
      {table}
    </Stack>
  );
}
