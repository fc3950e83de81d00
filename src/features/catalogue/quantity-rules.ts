import { textField } from '@/lib/form-fields';

/**
 * A note or reason: optional text of at most 500 characters, as the ledger stores it
 * (private.optional_text(note, label, 500)). Numbers of receipts and counts follow
 * stockFieldRules in form-fields.ts.
 */
export const noteRules = (label: string) => ({ label, maxLength: 500, required: false });

export const noteField = (label: string) => textField(noteRules(label));
