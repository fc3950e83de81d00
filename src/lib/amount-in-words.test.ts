import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words';

describe('amountInWords', () => {
  it('says rupees in the Indian system: hundred, thousand, lakh, crore', () => {
    expect(amountInWords('123456.78')).toBe(
      'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight Paise Only',
    );
    expect(amountInWords(12_34_56_789)).toBe(
      'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Only',
    );
    expect(amountInWords('100000')).toBe('Rupees One Lakh Only');
    expect(amountInWords('2500.00')).toBe('Rupees Two Thousand Five Hundred Only');
    expect(amountInWords('1019')).toBe('Rupees One Thousand Nineteen Only');
  });

  it('says a count of crores above 99 in the same system', () => {
    expect(amountInWords('12345000000')).toBe('Rupees One Thousand Two Hundred Thirty Four Crore Fifty Lakh Only');
  });

  it('says paise alone, zero, and a credit', () => {
    expect(amountInWords('0.50')).toBe('Rupees Zero and Fifty Paise Only');
    expect(amountInWords('0')).toBe('Rupees Zero Only');
    expect(amountInWords('-118.05')).toBe('Minus Rupees One Hundred Eighteen and Five Paise Only');
  });

  it('rounds to the paisa half up, from the text, without float error', () => {
    expect(amountInWords('10.005')).toBe('Rupees Ten and One Paise Only');
    expect(amountInWords(1.005)).toBe('Rupees One Only'); // 1.005 as a float is 1.00499…
    expect(amountInWords('99.999')).toBe('Rupees One Hundred Only');
  });

  it('refuses what is not an amount', () => {
    expect(() => amountInWords('12a')).toThrow('Not an amount');
  });
});
