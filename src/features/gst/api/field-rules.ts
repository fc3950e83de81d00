import type { TextRules } from '@/lib/form-fields';

/*
 * The GST forms' text rules, as set_business_profile and create_invoice check them
 * (private.require_text, private.optional_text); tests/db/field-rules-drift.test.ts holds them to
 * what those operations answer.
 */

export const businessProfileFieldRules = {
  legalName: { label: 'Legal name', maxLength: 200, required: true },
  address: { label: 'Address', maxLength: 500, required: true },
} satisfies Record<string, TextRules>;

export const invoiceFieldRules = {
  buyerName: { label: 'Buyer name', maxLength: 200, required: true },
  buyerAddress: { label: 'Buyer address', maxLength: 500, required: false },
} satisfies Record<string, TextRules>;
