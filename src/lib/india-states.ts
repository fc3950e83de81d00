/**
 * India's GST state codes (the first two digits of a GSTIN, and the place of supply) with their
 * names: the database's list (rules.gst_states), which tests/db/india-states.test.ts keeps equal.
 * 25 is the old Daman and Diu, 28 Andhra Pradesh before its division (37 after), 97 "Other Territory".
 */
export const indiaStates = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '25', name: 'Daman and Diu' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '28', name: 'Andhra Pradesh (before division)' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '97', name: 'Other Territory' },
] as const;

export type IndiaStateCode = (typeof indiaStates)[number]['code'];

const byCode = new Map<string, string>(indiaStates.map((state) => [state.code, state.name]));

/** A state's name by its code, or undefined for a code that is none. */
export function stateName(code: string): string | undefined {
  return byCode.get(code);
}

/**
 * The place of supply as the GST offline tool writes it: '07-Delhi', '26-Dadra & Nagar Haveli &
 * Daman & Diu' (its list writes "&" where the state's name has "and").
 */
export function placeOfSupply(code: string): string {
  const name = byCode.get(code);
  return name === undefined ? code : `${code}-${name.replaceAll(' and ', ' & ')}`;
}
