import { describe, expect, it } from 'vitest';
import { mixedSupplyTax, noItemTax, type ItemTax } from './item-tax';

const kurta: ItemTax = { hsn_code: '6211', gst_rate: null, rate_rule: { up_to: 2500, rate: 5, above: 18 } };
const dupatta: ItemTax = { hsn_code: '6214', gst_rate: 5, rate_rule: null };
const perfume: ItemTax = { hsn_code: '3303', gst_rate: 18, rate_rule: null };
const watch: ItemTax = { hsn_code: '9102', gst_rate: 40, rate_rule: null };

describe('mixedSupplyTax (issue 42: a combo defaults to the highest rate of its parts)', () => {
  it("takes the part with the highest rate, a price rule's rate above the price counting", () => {
    expect(mixedSupplyTax([dupatta, kurta])).toEqual(kurta);
    expect(mixedSupplyTax([kurta, watch, dupatta])).toEqual(watch);
  });

  it("prefers a fixed rate to a rule whose higher rate only equals it: the rule's is its highest", () => {
    expect(mixedSupplyTax([kurta, perfume])).toEqual(perfume);
    expect(mixedSupplyTax([perfume, kurta])).toEqual(perfume);
  });

  it('leaves out parts without a rate, and is none when no part has one', () => {
    expect(mixedSupplyTax([noItemTax, dupatta])).toEqual(dupatta);
    expect(mixedSupplyTax([noItemTax])).toEqual(noItemTax);
    expect(mixedSupplyTax([])).toEqual(noItemTax);
  });
});
