import { Drawer, Group, Paper, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useProductCosting, type ProductCosting } from '@/features/costing/api/get-product-costing';
import { useProductBom } from '@/features/stock-items/api/bom-items';
import type { Product } from '@/features/stock-items/api/products';
import { formatQuantity, formatQuantityWithUnit, formatRupees, formatUnitCost } from '@/lib/format';
import { lineAmount } from '@/lib/money';
import classes from './product-detail-drawer.module.css';

/** A product's name in its row, as a button that opens the product's detail drawer. */
export function ProductDetailButton({ product }: { product: Product }) {
  const [opened, drawer] = useDisclosure(false);
  return (
    <>
      <UnstyledButton className={classes.nameButton} onClick={drawer.open} aria-haspopup="dialog">
        {product.product_name}
      </UnstyledButton>
      <Drawer
        opened={opened}
        onClose={drawer.close}
        position="right"
        size="md"
        title={product.product_name}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {opened && <ProductDetail product={product} />}
      </Drawer>
    </>
  );
}

/** "Can build 8 (Cotton Fabric runs out first)", from product_costing(). */
export function buildableText(costing: ProductCosting): string {
  if (costing.max_buildable === null) return 'No bill of materials: production uses no raw materials.';
  return `Can build ${costing.max_buildable} (${costing.bottleneck_material_name} runs out first)`;
}

function ProductDetail({ product }: { product: Product }) {
  const costing = useProductCosting(product.id);
  const bom = useProductBom(product.id);
  const cost = costing.data;
  const materials = new Map((bom.data?.materials ?? []).map((material) => [material.id, material]));
  const lines = bom.data?.lines ?? [];

  if (costing.isError || bom.isError) {
    return <Text c="red.7">Could not load this product's costs. Close and open it again.</Text>;
  }
  if (!cost || !bom.data) {
    return (
      <Text c="dimmed" aria-busy="true">
        Loading costs…
      </Text>
    );
  }
  return (
    <Stack>
      <Text c="dimmed" size="sm" ff="monospace">
        {product.sku}
        {product.category ? ` · ${product.category}` : ''}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        <Figure label="Selling price" value={formatRupees(product.selling_price)} />
        <Figure label="Unit cost" value={formatRupees(cost.unit_cost)} />
        <Figure
          label="Margin"
          value={formatRupees(cost.margin)}
          detail={`${cost.margin_percent}%`}
          tone={cost.margin < 0 ? 'red.9' : undefined}
        />
      </SimpleGrid>
      <Text fw={500}>{buildableText(cost)}</Text>
      {lines.length > 0 && (
        <Table withTableBorder verticalSpacing="xs" aria-label="Bill of materials with costs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Material</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Cost per unit</Table.Th>
              <Table.Th ta="right">Line cost</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => {
              const material = materials.get(line.material_id);
              return (
                <Table.Tr key={line.material_id}>
                  <Table.Td>{material?.material_name ?? 'Unknown material'}</Table.Td>
                  <Table.Td ta="right">
                    {material
                      ? formatQuantityWithUnit(line.quantity, material.unit_of_measure)
                      : formatQuantity(line.quantity)}
                  </Table.Td>
                  <Table.Td ta="right">{material ? formatUnitCost(material.cost_per_unit) : '—'}</Table.Td>
                  <Table.Td ta="right">
                    {material ? formatRupees(lineAmount(line.quantity, material.cost_per_unit)) : '—'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed">
        Unit cost is the bill of materials at today's material costs. Each sale records the cost and the platform's fees
        at the moment it is logged, so later changes do not rewrite past profit.
      </Text>
    </Stack>
  );
}

function Figure({ label, value, detail, tone }: { label: string; value: string; detail?: string; tone?: string }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Group gap={6} align="baseline" wrap="wrap">
        <Text fw={700} c={tone}>
          {value}
        </Text>
        {detail && (
          <Text size="sm" c={tone}>
            {detail}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
