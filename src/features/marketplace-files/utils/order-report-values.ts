// Cell values of a marketplace report, as the import sends them: the server's validators decide
// what is acceptable (whole quantities, paise, dates), so a value these functions do not recognise
// is sent as it was written and comes back with the server's message.

const IST_OFFSET = '+05:30';
const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A number written as reports write them ('1,299.00', '₹ 499', 'INR 10', '2'), or the text itself
 * when it is not one (the server then says "must be a number"), or null when the cell is empty.
 */
export function parseReportNumber(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const digits = trimmed.replace(/^(₹|rs\.?|inr)\s*/i, '').replace(/,/g, '');
  return /^-?\d+(\.\d+)?$/.test(digits) ? Number(digits) : trimmed;
}

const pad = (value: string | number) => String(value).padStart(2, '0');

function clock(hour: string | undefined, minute: string | undefined, second: string | undefined, meridiem?: string) {
  if (hour === undefined || minute === undefined) return null;
  let hours = Number(hour);
  if (meridiem) hours = (hours % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  return `${pad(hours)}:${minute}:${second ?? '00'}`;
}

function isoDate(year: string, month: number, day: string, time: string | null, zone?: string): string {
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (time === null) return date;
  // A time without a zone is India's, where these marketplaces report.
  return `${date}T${time}${zone === undefined ? IST_OFFSET : zone === 'Z' ? '+00:00' : zone}`;
}

const TIME = String.raw`(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(am|pm)?)?`;
const ISO = new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})${TIME}\s*(Z|[+-]\d{2}:?\d{2})?$`, 'i');
const SLASHED = new RegExp(String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})${TIME}$`, 'i');
const DAY_MONTH_NAME = new RegExp(String.raw`^(\d{1,2})[- ]([a-z]{3})[a-z]*[- ,]+(\d{4})${TIME}$`, 'i');
const MONTH_NAME_DAY = new RegExp(String.raw`^([a-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})${TIME}$`, 'i');

/**
 * A report's order date as ISO 8601: '2026-01-05T10:30:00+00:00' stays, '2026-01-05 10:30:00',
 * '05/01/2026 10:30' (day first, as in India, unless the file's own dates say month first:
 * dateOrderOf) and '5 Jan 2026' become ISO in India's time. Anything else is sent as written, and
 * the server refuses it with its message.
 */
export function normalizeOrderDate(text: string, dayFirst = true): string {
  const value = text.trim();
  let match = ISO.exec(value);
  if (match) {
    const [, year, month, day, hour, minute, second, meridiem, zone] = match;
    const normalizedZone = zone && zone !== 'Z' && !zone.includes(':') ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
    return isoDate(year!, Number(month), day!, clock(hour, minute, second, meridiem), normalizedZone?.toUpperCase());
  }
  match = SLASHED.exec(value);
  if (match) {
    const [, first, second, year, hour, minute, seconds, meridiem] = match;
    const [day, month] = dayFirst ? [first!, second!] : [second!, first!];
    return isoDate(year!, Number(month), day, clock(hour, minute, seconds, meridiem));
  }
  match = DAY_MONTH_NAME.exec(value);
  if (match && months.includes(match[2]!.toLowerCase())) {
    const [, day, monthName, year, hour, minute, second, meridiem] = match;
    return isoDate(year!, months.indexOf(monthName!.toLowerCase()) + 1, day!, clock(hour, minute, second, meridiem));
  }
  match = MONTH_NAME_DAY.exec(value);
  if (match && months.includes(match[1]!.toLowerCase())) {
    const [, monthName, day, year, hour, minute, second, meridiem] = match;
    return isoDate(year!, months.indexOf(monthName!.toLowerCase()) + 1, day!, clock(hour, minute, second, meridiem));
  }
  return value;
}

/** A status the report gives a cancelled line: any wording with "cancel", and Myntra's code F. */
export function isCancelledStatus(status: string): boolean {
  return /cancel/i.test(status) || status.trim().toUpperCase() === 'F';
}

/**
 * The statuses, in each marketplace's own words, that say an order line has shipped or been
 * delivered: such a row imports as Fulfilled (docs/imports.md, "Importing marketplace orders", has the
 * sources). Compared without case, with `_` and `-` read as spaces. Only words that say the units
 * are on their way or with the buyer: a line on its way back (Amazon's "Shipped - Returned to
 * Seller", "Returning to Seller", "Rejected by Buyer"; Flipkart's RETURN_REQUESTED, RETURNED; Myntra's
 * RTO), lost or damaged, or not yet handed over (Pending, Unshipped, PACKED, READY_TO_DISPATCH…)
 * imports Unfulfilled as before, for the seller to decide (Cancel puts its units back).
 */
export const fulfilledStatuses = {
  // order-status / item-status of Amazon's order reports; the "Shipped - …" forms are amazon.in's.
  Amazon: ['Shipped', 'Shipped - Delivered to Buyer', 'Shipped - Out for Delivery', 'Shipped - Picked Up'],
  // Order State of the orders export: Flipkart's post-dispatch shipment states; the sales report's
  // Order Status in words.
  Flipkart: ['SHIPPED', 'PICKUP_COMPLETE', 'DELIVERED', 'COMPLETED'],
  // order status of the seller orders report: its codes (SH shipped, DL delivered, C complete) and words.
  Myntra: ['SH', 'DL', 'C', 'Shipped', 'Delivered', 'Complete'],
  // Reason for Credit Entry of Meesho's orders report, as public sellers' tools count sales
  // (DOOR_STEP_EXCHANGED: delivered, the buyer exchanging at the door); RTO_* are on their way back.
  Meesho: ['SHIPPED', 'DELIVERED', 'DOOR_STEP_EXCHANGED'],
} as const;

const normalizeStatus = (status: string) =>
  status
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
const fulfilledWords = new Set(Object.values(fulfilledStatuses).flat().map(normalizeStatus));

/** Whether a report's status says the line has shipped or been delivered (any marketplace's words). */
export function isFulfilledStatus(status: string): boolean {
  return fulfilledWords.has(normalizeStatus(status));
}
