import { describe, expect, it } from 'vitest';
import { combinations, previewVariants, skuPart, variantCount, variantSku } from './style-variants';

describe('variant SKUs, as create_style makes them', () => {
  it('joins the prefix and the values with hyphens, upper case, each run of spaces a hyphen', () => {
    expect(variantSku('kur', ['m', 'Navy  Blue'])).toBe('KUR-M-NAVY-BLUE');
    expect(variantSku(' Kurta 01 ', ['XL'])).toBe('KURTA-01-XL');
    expect(skuPart(' sea green ')).toBe('SEA-GREEN');
  });

  it('keeps what is not a space as typed (digits, dots, hyphens)', () => {
    expect(variantSku('SHOE', ['7.5', 'Off-White'])).toBe('SHOE-7.5-OFF-WHITE');
  });
});

describe('combinations', () => {
  it('makes every combination, the first option varying slowest (the grid order)', () => {
    expect(combinations([{ values: ['S', 'M'] }, { values: ['Blue', 'Red'] }])).toEqual([
      ['S', 'Blue'],
      ['S', 'Red'],
      ['M', 'Blue'],
      ['M', 'Red'],
    ]);
    expect(variantCount([{ values: ['S', 'M', 'L', 'XL'] }, { values: ['Blue', 'Red'] }])).toBe(8);
  });
});

describe('previewVariants', () => {
  it('lists each variant with its SKU', () => {
    expect(
      previewVariants('KUR', [
        { name: 'Size', values: ['S', 'XL'] },
        { name: 'Colour', values: ['Sky blue'] },
      ]),
    ).toEqual([
      { values: ['S', 'Sky blue'], sku: 'KUR-S-SKY-BLUE' },
      { values: ['XL', 'Sky blue'], sku: 'KUR-XL-SKY-BLUE' },
    ]);
  });

  it('shows nothing until every option has a value', () => {
    expect(previewVariants('KUR', [])).toEqual([]);
    expect(
      previewVariants('KUR', [
        { name: 'Size', values: ['S'] },
        { name: 'Colour', values: [] },
      ]),
    ).toEqual([]);
  });
});
