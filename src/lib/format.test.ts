import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDay,
  formatPoNumber,
  formatQuantity,
  formatQuantityWithUnit,
  formatRupees,
  formatTime,
  formatUnitCost,
  materialWithUnit,
  unitFor,
  isCountUnit,
} from './format';

describe('formatRupees', () => {
  it('uses the rupee sign and Indian digit grouping', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456.00');
    expect(formatRupees(12345678.5)).toBe('₹1,23,45,678.50');
    expect(formatRupees(999999999.99)).toBe('₹99,99,99,999.99');
  });

  it('accepts numeric strings as Postgres numeric columns arrive', () => {
    expect(formatRupees('499.9')).toBe('₹499.90');
  });
});

describe('formatUnitCost', () => {
  it('shows a material cost to the four decimals it is kept at, and at least paise', () => {
    expect(formatUnitCost(0.125)).toBe('₹0.125');
    expect(formatUnitCost(0.0625)).toBe('₹0.0625');
    expect(formatUnitCost(185.5)).toBe('₹185.50');
  });
});

describe('formatDateTime', () => {
  it('writes dates the Indian way, day first, with a lower-case am/pm', () => {
    expect(formatDateTime('2026-11-23T08:43:00+05:30')).toBe('23 Nov 2026, 8:43 am');
    expect(formatDateTime('2026-01-05T20:05:00+05:30')).toBe('5 Jan 2026, 8:05 pm');
  });

  it("writes India's time whatever the browser's zone: an imported day's midnight is that day", () => {
    // Midnight of 5 Jan in India is 18:30 on 4 Jan in UTC.
    expect(formatDateTime('2026-01-04T18:30:00Z')).toBe('5 Jan 2026, 12:00 am');
  });
});

describe('formatTime', () => {
  it('writes a time of day as the date-times do, with a lower-case am/pm', () => {
    expect(formatTime(new Date('2026-11-23T08:43:00+05:30'))).toBe('8:43 am');
    expect(formatTime(new Date('2026-01-05T20:05:00+05:30'))).toBe('8:05 pm');
  });
});

describe('formatDay', () => {
  it('writes a calendar day day first, the same day in every time zone', () => {
    expect(formatDay('2026-01-20')).toBe('20 Jan 2026');
    expect(formatDay('2026-12-31')).toBe('31 Dec 2026');
    expect(formatDay('2027-01-01')).toBe('1 Jan 2027');
  });
});

describe('formatQuantity', () => {
  it('groups counts the Indian way and keeps up to three decimals', () => {
    expect(formatQuantity(9999999)).toBe('99,99,999');
    expect(formatQuantity(2.5)).toBe('2.5');
    expect(formatQuantity(0.001)).toBe('0.001');
  });
});

describe('materialWithUnit', () => {
  it('names the unit beside the material, so no quantity reads "1 spools"', () => {
    expect(materialWithUnit('Zari thread', 'spools')).toBe('Zari thread (spools)');
    expect(materialWithUnit('Unknown', '')).toBe('Unknown');
  });
});

describe('formatQuantityWithUnit', () => {
  it('names one of a plural unit in the singular, and leaves every other count and unit alone', () => {
    expect(formatQuantityWithUnit(1, 'units')).toBe('1 unit');
    expect(formatQuantityWithUnit(1, 'pcs')).toBe('1 pc');
    expect(formatQuantityWithUnit(-1, 'units')).toBe('-1 unit');
    expect(formatQuantityWithUnit(2, 'units')).toBe('2 units');
    expect(formatQuantityWithUnit(1.5, 'metres')).toBe('1.5 metres');
    expect(formatQuantityWithUnit(1, 'kg')).toBe('1 kg');
    expect(formatQuantityWithUnit(1, 'Zari thread spools')).toBe('1 Zari thread spools');
    expect(unitFor(1, 'metres')).toBe('metre');
  });
});

describe('isCountUnit', () => {
  it('counts pcs, rolls and boxes whole, in either number and any case; measures metres and kg', () => {
    for (const unit of ['pcs', 'PC', 'units', 'unit', 'Rolls', 'box ', 'nos']) expect(isCountUnit(unit)).toBe(true);
    for (const unit of ['metres', 'kg', 'kgs', 'litres', 'yards', 'grams', '']) expect(isCountUnit(unit)).toBe(false);
  });
});

describe('formatPoNumber', () => {
  it('numbers purchase orders PO-0001 onwards, wider when they run past 9999', () => {
    expect(formatPoNumber(1)).toBe('PO-0001');
    expect(formatPoNumber(12345)).toBe('PO-12345');
  });
});
