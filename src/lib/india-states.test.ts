import { describe, expect, it } from 'vitest';
import { indiaStates, placeOfSupply, stateName } from './india-states';

describe('India state codes', () => {
  it('lists each code once, two digits, in order', () => {
    const codes = indiaStates.map((state) => state.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^\d{2}$/.test(code))).toBe(true);
    expect([...codes].sort()).toEqual(codes);
    expect(codes).toContain('38');
    expect(codes).toContain('97');
  });

  it('writes the place of supply as the offline tool does', () => {
    expect(placeOfSupply('07')).toBe('07-Delhi');
    expect(placeOfSupply('27')).toBe('27-Maharashtra');
    expect(placeOfSupply('26')).toBe('26-Dadra & Nagar Haveli & Daman & Diu');
    expect(placeOfSupply('01')).toBe('01-Jammu & Kashmir');
    expect(stateName('33')).toBe('Tamil Nadu');
    expect(stateName('99')).toBeUndefined();
  });
});
