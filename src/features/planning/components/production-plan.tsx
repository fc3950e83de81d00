import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useProductPicker } from '@/features/catalogue/components/product-picker';
import { formatDay, formatQuantity, formatQuantityWithUnit } from '@/lib/format';
import {
  useCommitProductionPlan,
  useProductionPlan,
  type PlanMakeLine,
  type PlanRequest,
  type ProductionPlan as Plan,
} from '../api/planning';

interface Target {
  product_id: string;
  label: string;
  quantity: number;
}

/**
 * Planning's Plan (issue 33): what to make, level by level through the sub-assemblies, and the
 * materials to buy, for the open orders (plus a horizon of forecast sales) or for targets the owner
 * picks; Start these runs starts the runs that can start now, sub-assemblies first.
 */
export function ProductionPlan() {
  const [mode, setMode] = useState<'orders' | 'targets'>('orders');
  const [horizon, setHorizon] = useState<number | string>('');
  const [targets, setTargets] = useState<Target[]>([]);
  const [request, setRequest] = useState<PlanRequest | null>(null);
  const plan = useProductionPlan(request);

  const makePlan = () =>
    setRequest({
      targets: mode === 'targets' ? targets.map(({ product_id, quantity }) => ({ product_id, quantity })) : [],
      horizonDays: mode === 'orders' && horizon !== '' ? Number(horizon) : null,
    });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="production-plan" mt="lg">
      <Title id="production-plan" order={3} size="h4" mb={4}>
        Plan
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        What to make, level by level through sub-assemblies, net of stock and runs in progress, and the materials to
        buy, net of stock and open purchase orders.
      </Text>
      <Group align="flex-end" gap="sm" mb="sm">
        <SegmentedControl
          aria-label="Plan for"
          data={[
            { value: 'orders', label: 'From open orders' },
            { value: 'targets', label: 'Targets' },
          ]}
          value={mode}
          onChange={(value) => setMode(value as 'orders' | 'targets')}
        />
        {mode === 'orders' && (
          <NumberInput
            label="Forecast horizon (days)"
            description="Also cover this many days of sales"
            value={horizon}
            onChange={setHorizon}
            min={0}
            max={365}
            allowDecimal={false}
            w={200}
          />
        )}
      </Group>
      {mode === 'targets' && <TargetsEditor targets={targets} onChange={setTargets} />}
      <Button onClick={makePlan} disabled={mode === 'targets' && targets.length === 0} loading={plan.isFetching}>
        Make plan
      </Button>
      {plan.error && (
        <Alert color="red" mt="sm" role="alert">
          {plan.error.message}
        </Alert>
      )}
      {plan.data && <PlanResult plan={plan.data} />}
    </Paper>
  );
}

function TargetsEditor({ targets, onChange }: { targets: Target[]; onChange: (targets: Target[]) => void }) {
  const [productId, setProductId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>('');
  const picker = useProductPicker({ value: productId, includeArchived: false });
  const add = () => {
    if (!picker.chosen || typeof quantity !== 'number' || quantity < 1) return;
    const label = `${picker.chosen.product_name} (${picker.chosen.sku})`;
    onChange([
      ...targets.filter((t) => t.product_id !== picker.chosen!.id),
      { product_id: picker.chosen.id, label, quantity },
    ]);
    setProductId(null);
    setQuantity('');
  };
  return (
    <Stack gap="xs" mb="sm">
      <Group align="flex-end" gap="sm">
        <Select
          label="Product"
          placeholder="Choose a product"
          value={productId}
          onChange={setProductId}
          {...picker.selectProps}
          w={260}
        />
        <NumberInput label="Quantity" value={quantity} onChange={setQuantity} min={1} allowDecimal={false} w={120} />
        <Button variant="light" onClick={add} disabled={!picker.chosen || typeof quantity !== 'number' || quantity < 1}>
          Add target
        </Button>
      </Group>
      {targets.map((target) => (
        <Group key={target.product_id} gap="xs">
          <Text size="sm">
            {formatQuantity(target.quantity)} × {target.label}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={`Remove ${target.label}`}
            onClick={() => onChange(targets.filter((t) => t.product_id !== target.product_id))}
          >
            Remove
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

function PlanResult({ plan }: { plan: Plan }) {
  const commit = useCommitProductionPlan();
  const levels = [...new Set(plan.make.map((line) => line.level))].sort((a, b) => a - b);
  const start = () =>
    commit.mutate(plan, {
      onSuccess: (ids) =>
        notifications.show({ color: 'green', message: `Started ${ids.length} run${ids.length === 1 ? '' : 's'}.` }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  if (plan.make.length === 0) {
    return (
      <Text size="sm" mt="sm">
        Nothing to plan: {plan.from_open_orders ? 'there are no open orders to cover.' : 'no targets.'}
      </Text>
    );
  }
  return (
    <Stack gap="md" mt="md">
      {levels.map((level) => (
        <div key={level}>
          <Title order={3} size="h5" mb={4}>
            {level === 1 ? 'Level 1: what was asked for' : `Level ${level}: sub-assemblies`}
          </Title>
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-label={`Plan level ${level}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Needed</Table.Th>
                  <Table.Th ta="right">In stock</Table.Th>
                  <Table.Th ta="right">In progress</Table.Th>
                  <Table.Th ta="right">Make</Table.Th>
                  <Table.Th>Start</Table.Th>
                  <Table.Th>Needed by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {plan.make
                  .filter((line) => line.level === level)
                  .map((line) => (
                    <Table.Tr key={line.product_id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {line.product_name}
                        </Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {line.sku}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{formatQuantity(line.required)}</Table.Td>
                      <Table.Td ta="right">{formatQuantity(line.stock)}</Table.Td>
                      <Table.Td ta="right">{formatQuantity(line.in_progress)}</Table.Td>
                      <Table.Td ta="right" fw={700}>
                        {formatQuantity(line.make)}
                      </Table.Td>
                      <Table.Td>
                        <RunStatus line={line} />
                      </Table.Td>
                      <Table.Td>{line.needed_by ? formatDay(line.needed_by) : '—'}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
      ))}
      {plan.buy.length > 0 && (
        <div>
          <Title order={3} size="h5" mb={4}>
            Materials
          </Title>
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-label="Plan materials">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Material</Table.Th>
                  <Table.Th ta="right">Needed</Table.Th>
                  <Table.Th ta="right">In stock</Table.Th>
                  <Table.Th ta="right">On order</Table.Th>
                  <Table.Th ta="right">Short</Table.Th>
                  <Table.Th ta="right">Buy</Table.Th>
                  <Table.Th>Needed by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {plan.buy.map((line) => (
                  <Table.Tr key={line.material_id}>
                    <Table.Td fw={500}>{line.material_name}</Table.Td>
                    <Table.Td ta="right">{formatQuantityWithUnit(line.required, line.unit_of_measure)}</Table.Td>
                    <Table.Td ta="right">{formatQuantityWithUnit(line.stock, line.unit_of_measure)}</Table.Td>
                    <Table.Td ta="right">
                      {line.on_order > 0 ? formatQuantityWithUnit(line.on_order, line.unit_of_measure) : '—'}
                    </Table.Td>
                    <Table.Td ta="right" c={line.short > 0 ? 'red.9' : undefined} fw={line.short > 0 ? 700 : 400}>
                      {line.short > 0 ? formatQuantityWithUnit(line.short, line.unit_of_measure) : '—'}
                    </Table.Td>
                    <Table.Td ta="right" fw={700}>
                      {line.buy > 0 ? formatQuantityWithUnit(line.buy, line.unit_of_measure) : '—'}
                    </Table.Td>
                    <Table.Td>{formatDay(line.needed_by)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {plan.buy.some((line) => line.buy > 0) && (
            <Text size="sm" c="dimmed" mt={4}>
              Order what to buy from Purchasing on the Raw Materials tab.
            </Text>
          )}
        </div>
      )}
      <Group>
        <Button onClick={start} loading={commit.isPending} disabled={plan.runs.length === 0}>
          Start these runs
        </Button>
        <Text size="sm" c="dimmed">
          {!plan.make.some((line) => line.make > 0)
            ? 'Nothing to make: stock and runs in progress cover it.'
            : plan.runs.length === 0
              ? 'No run can start now: its materials or sub-assemblies are not in stock.'
              : `${plan.runs.length} run${plan.runs.length === 1 ? '' : 's'} can start now, sub-assemblies first; the rest start from the next plan once these are completed.`}
        </Text>
      </Group>
    </Stack>
  );
}

function RunStatus({ line }: { line: PlanMakeLine }) {
  if (line.make === 0)
    return (
      <Text size="sm" c="dimmed">
        Covered
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{line.start_on ? formatDay(line.start_on) : '—'}</Text>
      {line.can_start ? (
        <Badge color="green" variant="light" size="sm">
          Can start
        </Badge>
      ) : (
        <Badge color="gray" variant="light" size="sm">
          Waits
        </Badge>
      )}
    </Group>
  );
}
