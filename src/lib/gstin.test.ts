import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinProblem, TAXPAYER_GSTIN_PATTERN } from './gstin';

describe('GSTIN', () => {
  it('computes the check character as the GST portal does (Luhn mod 36)', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAOFB8607N1Z')).toBe('P');
  });

  it("takes an e-commerce operator's GSTIN (14th character not Z), but not for a supplier", () => {
    const operator = `27AAICA3918J1C${gstinCheckCharacter('27AAICA3918J1C')}`;
    expect(gstinProblem(operator)).toBeNull();
    expect(gstinProblem(operator, TAXPAYER_GSTIN_PATTERN)).toBe('GSTIN must be 15 characters like 27AAPFU0939F1ZV.');
  });

  it('says what is wrong with a GSTIN in the server words', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('GSTIN must be 15 characters like 27AAPFU0939F1ZV.');
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(
      "This GSTIN's last character does not match the rest: check it for a typo.",
    );
  });
});
