import { z } from 'zod';
import { validNumber, type NumberRules, type TextRules } from '@/lib/form-fields';

// eway_bill_json's transport checks, for feedback as the owner types; the server decides.
export const ewayBillFieldRules = {
  distanceKm: { label: 'Distance (km)', decimals: 0, min: 1 } satisfies NumberRules,
  vehicleNumber: { label: 'Vehicle number', maxLength: 15, required: true } satisfies TextRules,
};
// Registration plates (MH12AB1234, MH121234) and the BH series (22BH1234AB), as the server reads them.
const VEHICLE_NUMBER = /^([A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}|[0-9]{2}BH[0-9]{4}[A-Z]{1,2})$/;

export const ewayBillSchema = z.object({
  // One sentence for every distance out of bounds, the server's.
  distance_km: z.union([z.string(), z.number()]).transform((typed, ctx) => {
    const km = validNumber(typed, ewayBillFieldRules.distanceKm);
    if (km === null || km > 4000) {
      ctx.addIssue({ code: 'custom', message: 'Distance must be between 1 and 4000 km.' });
      return z.NEVER;
    }
    return km;
  }),
  vehicle_number: z
    .string()
    .transform((typed) => typed.toUpperCase().replace(/[\s.-]/g, ''))
    .refine((vehicle) => VEHICLE_NUMBER.test(vehicle), 'Vehicle number must look like MH12AB1234.'),
});
export type EwayBillForm = z.input<typeof ewayBillSchema>;
export type EwayBillInput = z.output<typeof ewayBillSchema>;
