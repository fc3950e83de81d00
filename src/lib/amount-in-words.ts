// An amount in words as Indian invoices write it (Rule 46 asks for the total in words and figures):
// the Indian system groups by hundred, thousand, lakh (1,00,000) and crore (1,00,00,000), and a
// count of crores above 99 is itself said in that system ("One Thousand Crore").

const ones = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ones[n]!;
  const unit = n % 10;
  return unit === 0 ? tens[Math.floor(n / 10)]! : `${tens[Math.floor(n / 10)]} ${ones[unit]}`;
}

/** A whole number from 1 in words in the Indian system; 0 gives ''. */
function wholeInWords(n: bigint): string {
  const parts: string[] = [];
  const crores = n / 10_000_000n;
  let rest = Number(n % 10_000_000n);
  if (crores > 0n) parts.push(`${wholeInWords(crores)} Crore`);
  const groups: [number, string][] = [
    [100_000, 'Lakh'],
    [1_000, 'Thousand'],
    [100, 'Hundred'],
  ];
  for (const [size, name] of groups) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${belowHundred(count)} ${name}`);
    rest %= size;
  }
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * '123456.78' → 'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight
 * Paise Only'. Takes the amount as the database sends a numeric (a string) or a number, rounded
 * to the paisa; a negative amount (a credit) reads 'Minus Rupees …'.
 */
export function amountInWords(amount: number | string): string {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${String(amount)}`);
  const [, sign, whole, fraction = ''] = match;
  // Paise rounded half up from the third decimal on, as the database rounds.
  let paise = BigInt(whole!) * 100n + BigInt((fraction + '00').slice(0, 2));
  if (Number((fraction + '000')[2]) >= 5) paise += 1n;
  const rupees = paise / 100n;
  const remainder = Number(paise % 100n);
  const words = [`Rupees ${rupees === 0n ? 'Zero' : wholeInWords(rupees)}`];
  if (remainder > 0) words.push(`and ${belowHundred(remainder)} Paise`);
  return `${sign && paise > 0n ? 'Minus ' : ''}${words.join(' ')} Only`;
}
