import { Group, Stack, Text, Title } from '@mantine/core';
import { documentClasses as classes, Party, PrintDialog, Signatory } from '@/components/printable-document';
import { formatDay, formatQuantity, formatRupees } from '@/lib/format';
import { useDeliveryChallan, type DeliveryChallan } from '../api/locations';

const rupeesOrUnknown = (amount: number | null) => (amount === null ? 'Not known' : formatRupees(amount));

/** A delivery challan with what Rule 55 of the CGST Rules asks of one. */
function ChallanSheet({ challan }: { challan: DeliveryChallan }) {
  return (
    <article className={classes.sheet} aria-label={`Delivery challan ${challan.challan_number}`}>
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={2}>Delivery Challan</Title>
          <Text size="lg" fw={700}>
            {challan.challan_number}
          </Text>
        </div>
        <Stack gap={0} ta="right">
          <Text>Date: {formatDay(challan.challan_date)}</Text>
          <Text>
            Place of supply: {challan.place_of_supply.state_name} ({challan.place_of_supply.state_code})
          </Text>
          <Text>
            Purpose:{' '}
            {challan.purpose === 'job_work'
              ? 'sent for job work (not a supply)'
              : 'transfer between own places (not a supply)'}
          </Text>
        </Stack>
      </Group>
      <div className={classes.parties}>
        <Party
          title="Consignor"
          name={challan.consignor.name}
          address={challan.consignor.address}
          gstin={challan.consignor.gstin}
          state={`${challan.consignor.state_name} (${challan.consignor.state_code})`}
        >
          <Text>From: {challan.consignor.location}</Text>
        </Party>
        <Party
          title="Consignee"
          name={challan.consignee.name}
          address={challan.consignee.address}
          gstin={challan.consignee.gstin}
          state={`${challan.consignee.state_name} (${challan.consignee.state_code})`}
        >
          <Text>To: {challan.consignee.location}</Text>
        </Party>
      </div>
      <div className={classes.tableScroll} tabIndex={0} role="region" aria-label="Challan lines">
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>Description</th>
              <th>HSN</th>
              <th className={classes.number}>Quantity</th>
              <th className={classes.number}>Value per unit</th>
              <th className={classes.number}>Taxable value</th>
            </tr>
          </thead>
          <tbody>
            {challan.lines.map((line) => (
              <tr key={line.position}>
                <td>{line.position}</td>
                <td>{line.description}</td>
                <td>{line.hsn_code ?? '—'}</td>
                <td className={classes.number}>
                  {formatQuantity(Number(line.quantity))} {line.unit}
                </td>
                <td className={classes.number}>
                  {line.unit_value === null ? '—' : formatRupees(Number(line.unit_value))}
                </td>
                <td className={classes.number}>{rupeesOrUnknown(line.taxable_value)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={5}>Total</th>
              <th className={classes.number}>{rupeesOrUnknown(challan.taxable_value)}</th>
            </tr>
          </tfoot>
        </table>
      </div>
      <Signatory business={challan.consignor.name} />
    </article>
  );
}

/** The challan to print and send with the goods, as invoices are printed. */
export function PrintableChallan({ challanId, onClose }: { challanId: string; onClose: () => void }) {
  return (
    <PrintDialog
      document={useDeliveryChallan(challanId)}
      what="the delivery challan"
      title={(challan) => `${challan.challan_number}: print`}
      onClose={onClose}
    >
      {(challan) => <ChallanSheet challan={challan} />}
    </PrintDialog>
  );
}
