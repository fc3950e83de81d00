import { describe, expect, it } from 'vitest';
import { lineAmount, sumAmounts } from './money';

describe('lineAmount', () => {
  it('multiplies without float error and rounds half away from zero, like round(numeric, 2)', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(lineAmount(3, 0.1)).toBe(0.3);
    expect(lineAmount(87.5, 120.5)).toBe(10543.75);
    expect(lineAmount(0.333, 2.55)).toBe(0.85); // 0.84915
    expect(lineAmount(1.5, 0.005)).toBe(0.01); // 0.0075
    expect(lineAmount(1, 0.125)).toBe(0.13); // exactly half a paisa rounds up
  });

  it('keeps large amounts exact', () => {
    expect(lineAmount(1_000_000_000, 999_999.99)).toBe(999_999_990_000_000);
  });
});

describe('sumAmounts', () => {
  it('adds in paise', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts([])).toBe(0);
  });
});
