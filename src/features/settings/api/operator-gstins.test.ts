import { describe, expect, it } from 'vitest';
import { Constants } from '@/lib/database.types';
import { marketplaces, operatorGstinProblem, operatorGstinSchema } from './operator-gstins';

const messages = (input: object) =>
  operatorGstinSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('operator GSTINs', () => {
  it('lists the platforms that are marketplaces (rules.is_marketplace), each a platform of the database', () => {
    expect(marketplaces).toEqual(['Flipkart', 'Myntra', 'Amazon', 'Meesho']);
    for (const name of marketplaces) expect(Constants.public.Enums.sales_platform).toContain(name);
  });

  it("refuses a GSTIN as set_operator_gstin does, in its words (operator_gstin.test.sql pins the server's)", () => {
    expect(operatorGstinProblem('27AAICA3918J1CT')).toBeNull();
    expect(operatorGstinProblem('33AAICA3918J1C0')).toBeNull();
    expect(operatorGstinProblem('27AAPFU0939F1ZV')).toBe(
      "GSTIN 27AAPFU0939F1ZV is not an e-commerce operator's: an operator's GSTIN for TCS has C as its 14th character.",
    );
    expect(operatorGstinProblem('27AAICA3918J1CU')).toBe(
      "This GSTIN's last character does not match the rest: check it for a typo.",
    );
  });

  it('reads the GSTIN trimmed and in capitals, and asks for one before saving', () => {
    expect(operatorGstinSchema.parse({ platform: 'Amazon', gstin: ' 27aaica3918j1ct ' })).toEqual({
      platform: 'Amazon',
      gstin: '27AAICA3918J1CT',
    });
    expect(messages({ platform: 'Amazon', gstin: '' })).toEqual([['gstin', 'Enter the GSTIN, or clear it.']]);
    expect(messages({ platform: 'Brand Website', gstin: '27AAICA3918J1CT' })).toEqual([
      ['platform', 'Choose a marketplace.'],
    ]);
  });
});
