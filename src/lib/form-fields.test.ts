import { describe, expect, it } from 'vitest';
import {
  choiceField,
  numberField,
  numberFieldText,
  numberProblem,
  planningFieldRules,
  platformFeeFieldRules,
  productFieldRules,
  rawMaterialFieldRules,
  readTypedNumber,
  saleFieldRules,
  textField,
  validNumber,
} from './form-fields';

const problem = (rules: Parameters<typeof numberProblem>[1]) => (text: string) => numberProblem(text, rules);

describe('readTypedNumber', () => {
  it('reads numbers as people type them', () => {
    expect(readTypedNumber('2.5')).toEqual({ value: 2.5, decimals: 1 });
    expect(readTypedNumber(' 42 ')).toEqual({ value: 42, decimals: 0 });
    expect(readTypedNumber('.5')).toEqual({ value: 0.5, decimals: 1 });
    expect(readTypedNumber('2.50')).toEqual({ value: 2.5, decimals: 1 });
    expect(readTypedNumber('-5')).toEqual({ value: -5, decimals: 0 });
    expect(readTypedNumber('0.125')).toEqual({ value: 0.125, decimals: 3 });
  });

  it('reads thousands and lakh grouping, but not commas anywhere', () => {
    expect(readTypedNumber('1,299.50')?.value).toBe(1299.5);
    expect(readTypedNumber('12,34,567')?.value).toBe(1234567);
    expect(readTypedNumber('1,000,000')?.value).toBe(1000000);
    expect(readTypedNumber('1,2')).toBeNull();
    expect(readTypedNumber('12,3456')).toBeNull();
  });

  it('is not fooled into other numbers: 1e3 is not 13, nor 1000', () => {
    for (const text of ['1e3', '-', '.', '', 'abc', '12abc', '0x10', 'Infinity', '1.2.3', '--1']) {
      expect(readTypedNumber(text), text).toBeNull();
    }
  });
});

describe('numberProblem', () => {
  it('takes whole numbers only where the server wants them, and says so', () => {
    const quantity = problem(saleFieldRules.quantity);
    expect(quantity('2.5')).toBe('Quantity must be a whole number.');
    expect(quantity('1e3')).toBe('Quantity must be a number.');
    expect(quantity('0')).toBe('Quantity must be at least 1.');
    expect(quantity('-3')).toBe('Quantity must be at least 1.');
    expect(quantity('')).toBe('Quantity is required.');
    expect(quantity('1000000001')).toBe('Quantity must be at most 1000000000.');
    expect(quantity('1000000000')).toBeNull();
    expect(quantity('3')).toBeNull();
  });

  it('refuses negative stock and reorder points instead of saving 0', () => {
    expect(problem(productFieldRules.stockOnHand)('-10')).toBe('Stock on hand must be at least 0.');
    expect(problem(productFieldRules.stockOnHand)('2.5')).toBe('Stock on hand must be a whole number.');
    expect(problem(productFieldRules.reorderPoint)('7.5')).toBe('Reorder point must be a whole number.');
    expect(problem(rawMaterialFieldRules.costPerUnit)('-5')).toBe('Cost per unit must be at least 0.');
  });

  it('keeps money to paise for prices and to four decimals for material costs', () => {
    expect(problem(productFieldRules.sellingPrice)('12.345')).toBe('Selling price can have at most 2 decimal places.');
    expect(problem(productFieldRules.sellingPrice)('0')).toBe('Selling price must be at least 0.01.');
    expect(problem(productFieldRules.sellingPrice)('0.01')).toBeNull();
    expect(problem(rawMaterialFieldRules.costPerUnit)('0.125')).toBeNull();
    expect(problem(rawMaterialFieldRules.costPerUnit)('1.23456')).toBe(
      'Cost per unit can have at most 4 decimal places.',
    );
  });

  it('refuses a BOM quantity finer than the stock keeps, instead of saving 0', () => {
    expect(problem(productFieldRules.bomQuantity)('0.0001')).toBe('BOM quantity must be at least 0.001.');
    expect(problem(productFieldRules.bomQuantity)('1.0001')).toBe('BOM quantity can have at most 3 decimal places.');
    expect(problem(productFieldRules.bomQuantity)('0')).toBe('BOM quantity must be at least 0.001.');
    expect(problem(productFieldRules.bomQuantity)('0.001')).toBeNull();
  });

  it('checks a bound an operation sets last, after decimal places, as the server does', () => {
    const commission = problem(platformFeeFieldRules.commissionPercent);
    expect(commission('100')).toBeNull();
    expect(commission('100.5')).toBe('Commission percent must be at most 100.');
    expect(commission('100.001')).toBe('Commission percent can have at most 2 decimal places.');
    expect(problem(planningFieldRules.leadTimeDays)('366')).toBe('Lead time must be at most 365 days.');
    expect(problem(planningFieldRules.leadTimeDays)('')).toBeNull();
  });

  it('lets optional fields stay empty, standing for their default', () => {
    expect(problem(rawMaterialFieldRules.costPerUnit)('')).toBeNull();
    expect(validNumber('', rawMaterialFieldRules.reorderPoint)).toBe(20);
    expect(validNumber('2.5', saleFieldRules.quantity)).toBeNull();
    expect(validNumber('4', saleFieldRules.quantity)).toBe(4);
  });
});

describe('numberField', () => {
  const price = numberField(productFieldRules.sellingPrice);
  const cost = numberField(rawMaterialFieldRules.costPerUnit);

  it('turns the typed text into exactly that number', () => {
    expect(price.parse('499.5')).toBe(499.5);
    expect(price.parse(499)).toBe(499);
    expect(cost.parse('0.125')).toBe(0.125);
    expect(cost.parse('')).toBe(0);
  });

  it('gives the message of the first broken rule', () => {
    expect(price.safeParse('').error?.issues[0]?.message).toBe('Selling price is required.');
    expect(price.safeParse('-').error?.issues[0]?.message).toBe('Selling price must be a number.');
    expect(cost.safeParse('-5').error?.issues[0]?.message).toBe('Cost per unit must be at least 0.');
  });
});

describe('numberFieldText', () => {
  it('writes a stored number back as a field shows it, without grouping or exponent', () => {
    expect(numberFieldText(0.125)).toBe('0.125');
    expect(numberFieldText(1000000)).toBe('1000000');
    expect(numberFieldText(0.0001)).toBe('0.0001');
  });
});

describe('textField', () => {
  const name = textField(productFieldRules.productName);
  const category = textField(productFieldRules.category);

  it('trims, requires what the server requires, and knows its length limit', () => {
    expect(name.parse('  Kurta ')).toBe('Kurta');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Product name is required.');
    expect(name.safeParse('x'.repeat(5000)).error?.issues[0]?.message).toBe(
      'Product name must be at most 200 characters.',
    );
    expect(name.parse(` ${'x'.repeat(200)} `)).toHaveLength(200);
    expect(category.parse('')).toBe('');
  });

  it('counts characters as Postgres does, not UTF-16 units', () => {
    expect(name.safeParse('👕'.repeat(200)).success).toBe(true);
    expect(name.safeParse('👕'.repeat(201)).success).toBe(false);
  });
});

describe('choiceField', () => {
  const product = choiceField('Choose a product.');

  it('passes the chosen value through', () => {
    expect(product.parse('a1b2')).toBe('a1b2');
  });

  it('asks for a choice while nothing is chosen', () => {
    expect(product.safeParse(null).error?.issues[0]?.message).toBe('Choose a product.');
    expect(product.safeParse('').error?.issues[0]?.message).toBe('Choose a product.');
  });
});
