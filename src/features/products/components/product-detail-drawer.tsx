import {
  Alert,
  Divider,
  Drawer,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MarketplaceSkus } from '@/features/channels/components/marketplace-skus';
import { ComboParts, SellWhatICanMake } from '@/features/channels/components/product-channels';
import { bottleneckName, useProductCosting, type ProductCosting } from '@/features/catalogue/api/get-product-costing';
import { useProductBom, type SubassemblyLine } from '@/features/catalogue/api/bom-items';
import type { ProductRow } from '@/features/catalogue/api/item-lists';
import { countsPieces, formatProductQuantity, type Product } from '@/features/catalogue/api/products';
import { formatQuantity, formatQuantityWithUnit, formatRupees, formatUnitCost } from '@/lib/format';
import { lineAmount } from '@/lib/money';
import { moneyLabels } from '@/lib/money-labels';
import classes from './product-detail-drawer.module.css';
import { ProductPlanningForm } from './product-planning-form';

/** A product's name in its row, as a button that opens the product's detail drawer. */
export function ProductDetailButton({ product }: { product: ProductRow }) {
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
        {opened && (product.is_combo ? <ComboDetail product={product} /> : <ProductDetail product={product} />)}
      </Drawer>
    </>
  );
}

/**
 * "Can build 8 (Cotton Fabric runs out first)", or "Can build 10.681 m" for a product in metres,
 * from product_costing(): the bottleneck at whatever level.
 */
export function buildableText(costing: ProductCosting, unit: string): string {
  if (costing.max_buildable === null) return 'No bill of materials: production uses no raw materials.';
  return `Can build ${formatProductQuantity(costing.max_buildable, unit)} (${bottleneckName(costing)} runs out first)`;
}

/**
 * A combo's drawer (issue 34): no BOM and no cost of its own (product_costing does not know combos;
 * each sale records its parts' costs), so its parts, then its marketplace SKUs.
 */
function ComboDetail({ product }: { product: ProductRow }) {
  return (
    <Stack>
      <Text c="dimmed" size="sm" ff="monospace">
        {product.sku}
        {product.category ? ` · ${product.category}` : ''}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        <Figure label="Selling price" value={formatRupees(product.selling_price)} />
        <Figure label="Can sell now" value={formatQuantity(product.stock_on_hand)} />
      </SimpleGrid>
      <ComboParts comboId={product.id} />
      <Divider />
      <MarketplaceSkus productId={product.id} />
    </Stack>
  );
}

function ProductDetail({ product }: { product: ProductRow }) {
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
        <Figure label="Unit cost" value={cost.unit_cost === null ? 'Cost unknown' : formatRupees(cost.unit_cost)} />
        <Figure
          label={moneyLabels.margin}
          value={cost.margin === null ? '—' : formatRupees(cost.margin)}
          detail={
            cost.margin_percent === null
              ? undefined
              : `${cost.margin_percent}% of ${formatRupees(cost.price_before_gst)} before GST`
          }
          tone={cost.margin !== null && cost.margin < 0 ? 'red.9' : undefined}
        />
      </SimpleGrid>
      {!cost.cost_known && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Cost unknown">
          This product, or a sub-assembly in it, has neither a bill of materials nor a purchase cost. Its margin is not
          shown and it is left out of margins until you add one (Edit).
        </Alert>
      )}
      <Text fw={500}>{buildableText(cost, product.unit_of_measure)}</Text>
      {cost.cost_known && (
        <Stack gap={4}>
          <Text fw={500}>Cost of one unit, every level</Text>
          <CostBuildUp cost={cost} />
        </Stack>
      )}
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
                  <Table.Td>
                    {material?.material_name ?? 'Unknown material'}
                    {line.wastage_percent > 0 && (
                      <Text size="xs" c="dimmed">
                        +{formatQuantity(line.wastage_percent)}% wastage: uses{' '}
                        {material
                          ? formatQuantityWithUnit(line.consumption, material.unit_of_measure)
                          : formatQuantity(line.consumption)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {material
                      ? formatQuantityWithUnit(line.quantity, material.unit_of_measure)
                      : formatQuantity(line.quantity)}
                  </Table.Td>
                  <Table.Td ta="right">{material ? formatUnitCost(material.cost_per_unit) : '—'}</Table.Td>
                  <Table.Td ta="right">
                    {material ? formatRupees(lineAmount(line.consumption, material.cost_per_unit)) : '—'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {bom.data.subassemblies.length > 0 && (
        <Stack gap={4}>
          <Text fw={500}>Sub-assemblies</Text>
          <SubassemblyTree productId={product.id} depth={1} />
        </Stack>
      )}
      <ProductPlanningForm productId={product.id} productName={product.product_name} />
      <Text size="xs" c="dimmed">
        Unit cost is the bill of materials at today's material costs, with cutting wastage, labour and each run's
        overhead, through every sub-assembly. Each sale records the cost and the platform's fees at the moment it is
        logged, so later changes do not rewrite past profit.
      </Text>
      {/* Issue 34: below the costs, what marketplaces are told, and the product's names there. */}
      <Divider />
      <SellWhatICanMake productId={product.id} />
      <MarketplaceSkus productId={product.id} />
    </Stack>
  );
}

/** Materials, wastage, labour, overhead, job work (and purchase costs of bought-in parts) adding up to the unit cost, over every level. */
function CostBuildUp({ cost }: { cost: ProductCosting }) {
  const parts: [string, number][] = [
    ['Materials', cost.materials_cost],
    ['Wastage', cost.wastage_cost],
    ['Labour', cost.labour_cost],
    ['Overhead', cost.overhead_cost],
    ['Bought-in parts', cost.purchase_cost],
    ['Job work', cost.job_work_cost],
  ];
  return (
    <Table withTableBorder verticalSpacing={4} aria-label="Cost build-up">
      <Table.Tbody>
        {parts
          .filter(([label, amount]) => amount !== 0 || label === 'Materials')
          .map(([label, amount]) => (
            <Table.Tr key={label}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right">{formatUnitCost(amount)}</Table.Td>
            </Table.Tr>
          ))}
        <Table.Tr fw={700}>
          <Table.Td>Unit cost</Table.Td>
          <Table.Td ta="right">{formatUnitCost(cost.unit_cost ?? 0)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** A product's sub-assemblies, each with its pieces per unit, stock and cost, and its own below it. */
function SubassemblyTree({ productId, depth }: { productId: string; depth: number }) {
  const bom = useProductBom(productId);
  if (!bom.data || bom.data.subassemblies.length === 0) return null;
  const products = new Map(bom.data.products.map((child) => [child.id, child]));
  return (
    <List
      listStyleType="none"
      withPadding={depth > 1}
      spacing={4}
      aria-label={depth === 1 ? 'Sub-assembly tree' : undefined}
    >
      {bom.data.subassemblies.map((line) => (
        <List.Item key={line.subassembly_id}>
          <SubassemblyNode line={line} child={products.get(line.subassembly_id)} depth={depth} />
        </List.Item>
      ))}
    </List>
  );
}

function SubassemblyNode({ line, child, depth }: { line: SubassemblyLine; child: Product | undefined; depth: number }) {
  const costing = useProductCosting(line.subassembly_id).data;
  return (
    <>
      <Text size="sm">
        {formatProductQuantity(line.quantity, child?.unit_of_measure ?? 'pcs')} ×{' '}
        {child?.product_name ?? 'Unknown product'}
        <Text span size="xs" c="dimmed">
          {' '}
          · {formatProductQuantity(child?.stock_on_hand ?? 0, child?.unit_of_measure ?? 'pcs')} in stock ·{' '}
          {costing?.unit_cost === null || costing === undefined || costing === null
            ? 'cost unknown'
            : `${formatUnitCost(costing.unit_cost)} ${child && !countsPieces(child.unit_of_measure) ? `per ${child.unit_of_measure}` : 'each'}`}
        </Text>
      </Text>
      {/* Trees are at most 6 levels deep (the server refuses more). */}
      {depth < 6 && <SubassemblyTree productId={line.subassembly_id} depth={depth + 1} />}
    </>
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
