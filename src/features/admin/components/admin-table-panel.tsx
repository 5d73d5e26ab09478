// The frame both admin tables share: heading with a summary, a search box, the load error,
// a scrolling table with skeleton rows while loading, an empty row, and the next-page control.
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Callout, Flex, Heading, Skeleton, Table, Text, TextField } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { messageOf } from '@/lib/api';
import * as m from '@/lib/messages';
import { TableScroll } from './table-scroll';

interface AdminTablePanelProps {
  title: string;
  /** "Failed to load users: {error}": the whole sentence, given the error's text. */
  loadError: (inputs: { error: string }) => string;
  summary: string;
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearch: (value: string) => void;
  error: unknown;
  columns: string[];
  isPending: boolean;
  /** Shown as the only row when nothing is listed. */
  empty: string | null;
  /** Below the table: the control that loads the next page, when there is one. */
  footer?: ReactNode;
  children: ReactNode;
}

export function AdminTablePanel({
  title,
  loadError,
  summary,
  searchLabel,
  searchPlaceholder,
  search,
  onSearch,
  error,
  columns,
  isPending,
  empty,
  footer,
  children,
}: AdminTablePanelProps) {
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="end" gap="3" wrap="wrap">
        <div>
          <Heading as="h2" size="4">
            {title}
          </Heading>
          <Text as="p" size="2" color="gray">
            {summary}
          </Text>
        </div>
        <TextField.Root
          type="search"
          placeholder={searchPlaceholder}
          aria-label={searchLabel}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          style={{ width: 'min(100%, 320px)' }}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon aria-hidden="true" />
          </TextField.Slot>
        </TextField.Root>
      </Flex>
      {error != null && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{loadError({ error: messageOf(error, m.admin_try_again_lower()) })}</Callout.Text>
        </Callout.Root>
      )}
      <TableScroll label={title}>
        <Table.Root variant="surface">
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeaderCell key={column}>{column}</Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {isPending &&
              [0, 1, 2].map((row) => (
                <Table.Row key={row}>
                  <Table.Cell colSpan={columns.length}>
                    <Skeleton height="24px" />
                  </Table.Cell>
                </Table.Row>
              ))}
            {children}
            {empty && (
              <Table.Row>
                <Table.Cell colSpan={columns.length}>
                  <Text color="gray">{empty}</Text>
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </TableScroll>
      {footer}
    </Flex>
  );
}
