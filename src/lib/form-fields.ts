import { z } from 'zod';

/**
 * A Mantine NumberInput value: a number, or a string while it is empty or half typed ('', '-', '1.').
 * The schema turns it into a number, so every number is converted before it is saved.
 */
export function numberField(label: string) {
  return z.union([z.number(), z.string()]).transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: `${label} is required.` });
      return z.NEVER;
    }
    const number = Number(value);
    if (!Number.isFinite(number)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number.` });
      return z.NEVER;
    }
    return number;
  });
}

/** A Mantine Select value: the chosen option's value, or null while nothing is chosen. */
export function choiceField(message: string) {
  return z
    .string()
    .nullable()
    .transform((value, ctx) => {
      if (!value) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });
}
