import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

type Field = UseFormRegisterReturn & { error?: string };

/**
 * The supplier's invoice the GST paid is claimed against (issue 42), as Receive stock and a purchase
 * order's receipt both take it: listed in the month's input tax.
 */
export function SupplierInvoiceFields({ number, date }: { number: Field; date: Field }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput label="Supplier invoice number" description="Needed to claim the GST paid" {...number} />
      <TextInput label="Supplier invoice date" type="date" {...date} />
    </SimpleGrid>
  );
}
