import type { NumberRules, TextRules } from '@/lib/form-fields';

/*
 * The channels' form field rules, with the sentences of the operations that save the fields
 * (set_sku_alias, set_channel_buffer, create_combo); tests/db/field-rules-drift.test.ts holds them
 * to what those operations answer.
 */

export const aliasFieldRules = {
  alias: { label: 'Marketplace SKU', maxLength: 100, required: true },
} satisfies Record<string, TextRules>;

export const bufferFieldRules = {
  units: {
    label: 'Buffer units',
    decimals: 0,
    min: 0,
    whenEmpty: 0,
    atMost: { value: 1_000_000, message: 'Buffer units must be at most 1000000.' },
  },
  percent: {
    label: 'Buffer percent',
    decimals: 2,
    min: 0,
    whenEmpty: 0,
    atMost: { value: 100, message: 'Buffer percent must be at most 100.' },
  },
} satisfies Record<string, NumberRules>;

/** How many of a part one combo holds: whole pieces, 1 to 1000. */
export const componentQuantityRules = {
  label: 'Quantity',
  decimals: 0,
  min: 1,
  atMost: { value: 1000, message: 'Quantity must be at most 1000.' },
} satisfies NumberRules;
