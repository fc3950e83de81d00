import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Tables } from '@/lib/database.types';
import { textField } from '@/lib/form-fields';
import { checkGstinState } from '@/lib/gstin';
import { stateName } from '@/lib/india-states';
import { gstKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';
import { businessProfileFieldRules } from './field-rules';

export type BusinessProfile = Pick<
  Tables<'business_profiles'>,
  'legal_name' | 'address' | 'gstin' | 'state_code' | 'invoice_prefix'
>;

async function fetchBusinessProfile(): Promise<BusinessProfile | null> {
  const { data, error } = await supabase
    .from('business_profiles')
    .select('legal_name, address, gstin, state_code, invoice_prefix')
    .maybeSingle();
  if (error) throw toUserError(error);
  return data;
}

/** The owner's business profile, or null before it is set. */
export function useBusinessProfile() {
  return useQuery({ queryKey: gstKeys.businessProfile, queryFn: fetchBusinessProfile });
}

// set_business_profile's refusals, for feedback as the owner types; the server decides.
export const businessProfileSchema = z
  .object({
    legal_name: textField(businessProfileFieldRules.legalName),
    address: textField(businessProfileFieldRules.address),
    gstin: z.string().trim().toUpperCase().min(1, 'GSTIN is required.'),
    state_code: z.string().min(1, 'State is required.'),
    invoice_prefix: z
      .string()
      .trim()
      .min(1, 'Invoice prefix is required.')
      .max(5, 'Invoice prefix can have at most 5 characters: invoice numbers must fit in 16.')
      .regex(/^[A-Za-z0-9-]+$/, 'Invoice prefix can have only letters, digits and hyphens.')
      .refine(
        (prefix) => prefix.toUpperCase() !== 'CN',
        'Invoice prefix cannot be CN: credit notes are numbered CN/yy-yy/n.',
      ),
  })
  .superRefine((profile, ctx) =>
    checkGstinState(profile, ctx, (code) => `State must be the GSTIN's state, ${stateName(code) ?? code} (${code}).`),
  );
export type BusinessProfileForm = z.input<typeof businessProfileSchema>;
export type BusinessProfileInput = z.output<typeof businessProfileSchema>;

export function businessProfileDefaults(profile: BusinessProfile | null): BusinessProfileForm {
  return {
    legal_name: profile?.legal_name ?? '',
    address: profile?.address ?? '',
    gstin: profile?.gstin ?? '',
    state_code: profile?.state_code ?? '',
    invoice_prefix: profile?.invoice_prefix ?? 'INV',
  };
}

export function useSetBusinessProfile() {
  return useWrite({
    write: (input: BusinessProfileInput) => callRpc('set_business_profile', input),
    tables: ['business_profiles'],
  });
}
