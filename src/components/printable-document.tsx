import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import classes from './printable-document.module.css';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The sheet's classes, for the documents that draw their own tables (invoices, credit notes, challans). */
export const documentClasses = classes;

/** A party of a tax document: supplier, buyer, consignor or consignee, with its GSTIN and state. */
export function Party({
  title,
  name,
  address,
  gstin,
  state,
  children,
}: {
  title: string;
  name: string;
  address: string | null;
  gstin: string | null;
  state?: string;
  children?: ReactNode;
}) {
  return (
    <div className={classes.box}>
      <Text size="xs" tt="uppercase" c="dimmed">
        {title}
      </Text>
      <Text fw={700}>{name}</Text>
      {children}
      {address && <Text style={{ whiteSpace: 'pre-line' }}>{address}</Text>}
      <Text>GSTIN: {gstin ?? 'Unregistered'}</Text>
      {state && <Text>State: {state}</Text>}
    </div>
  );
}

/** The signature block every document ends with: for the business, its authorised signatory. */
export function Signatory({ business }: { business: string | undefined }) {
  return (
    <Group justify="flex-end" mt="xl">
      <Stack gap={32} ta="right">
        <Text>For {business}</Text>
        <Text>Authorised signatory</Text>
      </Stack>
    </Group>
  );
}

/**
 * A document as its recipient gets it, a page of its own: Print opens the browser's print dialog,
 * which also saves a PDF; the print stylesheet leaves out everything but the sheet.
 */
export function PrintDialog<T>({
  document,
  what,
  title,
  onClose,
  children,
}: {
  document: UseQueryResult<T>;
  /** What is loading, as in "Loading the invoice". */
  what: string;
  /** The dialog's title once the document is here. */
  title: (data: T) => string;
  onClose: () => void;
  children: (data: T) => ReactNode;
}) {
  const { data } = document;
  return (
    <Modal opened onClose={onClose} fullScreen title={data ? title(data) : capitalized(what.replace(/^the /, ''))}>
      <Group justify="flex-end" className={classes.noPrint} mb="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!data}>
          Print
        </Button>
      </Group>
      {document.isError ? (
        <LoadError what={what} error={document.error} onRetry={() => void document.refetch()} />
      ) : !data ? (
        <Center py="xl">
          <Loader aria-label={`Loading ${what}`} />
        </Center>
      ) : (
        children(data)
      )}
    </Modal>
  );
}
