// Every figure and date in Indian English (en-IN), whatever the browser's language: amounts and
// counts with Indian digit grouping (1,23,456), dates as '23 Nov 2026, 8:43 am'.
const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Money as the user reads it: Indian rupees with Indian digit grouping, e.g. ₹1,23,456.00. */
export function formatRupees(amount: number | string): string {
  return rupees.format(Number(amount));
}

/** A profit, or "Cost unknown" where it is null: a sale of a product with neither BOM nor purchase cost (issue 33). */
export function formatProfit(amount: number | null): string {
  return amount === null ? 'Cost unknown' : formatRupees(amount);
}

// Material costs keep up to four decimals (₹0.125 a button): shown in full, at least paise.
const rupeesToFourDecimals = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** A material's cost per unit: ₹0.125, ₹185.50. */
export function formatUnitCost(amount: number | string): string {
  return rupeesToFourDecimals.format(Number(amount));
}

// India's time, whatever the browser's time zone: the server counts a sale's day in India
// (rules.india_day), and an order of 5 Jan read in a browser set to UTC showed '4 Jan, 6:30 pm'.
const INDIA = 'Asia/Kolkata';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: INDIA,
});
const quantity = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

/** A timestamp from the database in India's time, e.g. '23 Nov 2026, 8:43 am'. */
export function formatDateTime(timestamp: string): string {
  return dateTime.format(new Date(timestamp));
}

const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: INDIA });

/** A time of today in India's time, e.g. '8:43 pm'. */
export function formatTime(moment: Date): string {
  return time.format(moment);
}

const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar day (YYYY-MM-DD, a date without a time, e.g. a return's day), e.g. '20 Jan 2026'. */
export function formatDay(isoDay: string): string {
  return day.format(new Date(`${isoDay}T00:00:00Z`));
}

/** A stock count or BOM quantity: whole numbers plain, fractions (metres, kg) up to 3 decimals. */
export function formatQuantity(value: number): string {
  return quantity.format(value);
}

// Units owners name in the plural, and their singular: one of them reads '1 pc', not '1 pcs'.
const singularUnits: Record<string, string> = {
  units: 'unit',
  pcs: 'pc',
  pieces: 'piece',
  nos: 'no',
  metres: 'metre',
  meters: 'meter',
  yards: 'yard',
  rolls: 'roll',
  spools: 'spool',
  cones: 'cone',
  sheets: 'sheet',
  pairs: 'pair',
  dozens: 'dozen',
  boxes: 'box',
  bags: 'bag',
  packets: 'packet',
  bottles: 'bottle',
  litres: 'litre',
  liters: 'liter',
  kgs: 'kg',
};

// Units of things counted one by one (in plural and singular): nobody buys 2.5 of them.
const countUnits = new Set(
  [
    'units',
    'pcs',
    'pieces',
    'nos',
    'rolls',
    'spools',
    'cones',
    'sheets',
    'pairs',
    'boxes',
    'bags',
    'packets',
    'bottles',
  ].flatMap((unit) => [unit, singularUnits[unit]!]),
);

/** Whether a unit counts whole things (pcs, rolls, boxes), as opposed to measuring (metres, kg). */
export function isCountUnit(unit: string): boolean {
  return countUnits.has(unit.trim().toLowerCase());
}

/** A unit as it reads after this quantity: '1 unit', '2 units', '−1 pc', '1 kg'. */
export function unitFor(quantity: number, unit: string): string {
  if (Math.abs(quantity) !== 1) return unit;
  return singularUnits[unit.toLowerCase()] ?? unit;
}

/** A quantity and its unit: '1 unit', '2.5 metres', '1,200 pcs'. */
export function formatQuantityWithUnit(quantity: number, unit: string): string {
  return `${formatQuantity(quantity)} ${unitFor(quantity, unit)}`;
}

/**
 * A material with the unit its owner named, 'Zari thread (spools)': quantities then stand alone,
 * so that none reads '1 spools'.
 */
export function materialWithUnit(name: string, unit: string): string {
  return unit ? `${name} (${unit})` : name;
}

/** A purchase order's number as it is printed and searched: PO-0001. */
export function formatPoNumber(number: number): string {
  return `PO-${String(number).padStart(4, '0')}`;
}

/** A count with its noun: plural(1, 'order', 'orders') is "1 order". */
export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
