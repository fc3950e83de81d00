import type { Enums } from '@/lib/database.types';

/** How a file writes its slashed dates: 31/01/2026 (day first) or 01/31/2026 (month first). */
export type DateOrder = 'day_first' | 'month_first';

/** The file's column (its header, as written in the file) for each field, or null when unmapped. */
export type ColumnMapping<Field extends string> = Record<Field, string | null>;

export interface ReportLayout<Field extends string> {
  name: string;
  platform: Enums<'sales_platform'>;
  /** Accepted headers per field, compared as normalizeHeader() leaves them. */
  headers: Record<Field, readonly string[]>;
}

/**
 * A kind of marketplace report the app imports (order reports, returns reports): the fields a row
 * gives, those a mapping must name, the layouts recognised by their headers, and where a mapping
 * made by hand is remembered.
 */
export interface ReportKind<Field extends string, Layout extends ReportLayout<Field> = ReportLayout<Field>> {
  fields: readonly Field[];
  /** What the column mapping calls each field. */
  labels: Record<Field, string>;
  /** A line under a field's column choice, where it needs one. */
  descriptions: Partial<Record<Field, string>>;
  requiredFields: readonly Field[];
  layouts: readonly Layout[];
  /** localStorage key of the mapping last made by hand for a platform's files. */
  mappingKey: (platform: string) => string;
  /** localStorage key of the platform last chosen for this kind of report. */
  platformKey: string;
}

/** Headers compared without case, surrounding spaces, a UTF-8 byte order mark or repeated spaces. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

export function emptyMapping<Field extends string>(kind: ReportKind<Field>): ColumnMapping<Field> {
  return Object.fromEntries(kind.fields.map((field) => [field, null])) as ColumnMapping<Field>;
}

/** The mapping a layout gives these headers, or null when a required field finds none. */
function mapLayout<Field extends string, Layout extends ReportLayout<Field>>(
  kind: ReportKind<Field, Layout>,
  layout: ReportLayout<Field>,
  headers: readonly string[],
): ColumnMapping<Field> | null {
  const byNormalized = new Map(headers.map((header) => [normalizeHeader(header), header]));
  const mapping = Object.fromEntries(
    kind.fields.map((field) => [
      field,
      layout.headers[field].map((name) => byNormalized.get(name)).find((header) => header !== undefined) ?? null,
    ]),
  ) as ColumnMapping<Field>;
  return kind.requiredFields.every((field) => mapping[field] !== null) ? mapping : null;
}

/** The first known layout these headers match (every required field finds one of its headers), with its mapping. */
export function recognizeLayout<Field extends string, Layout extends ReportLayout<Field>>(
  kind: ReportKind<Field, Layout>,
  headers: readonly string[],
): { layout: Layout; mapping: ColumnMapping<Field> } | null {
  for (const layout of kind.layouts) {
    const mapping = mapLayout(kind, layout, headers);
    if (mapping) return { layout, mapping };
  }
  return null;
}

/** A mapping is usable on a file when it names every required field and only the file's columns. */
export function mappingFits<Field extends string>(
  kind: ReportKind<Field>,
  mapping: ColumnMapping<Field>,
  headers: readonly string[],
): boolean {
  return (
    kind.requiredFields.every((field) => mapping[field] !== null) &&
    kind.fields.every((field) => mapping[field] === null || headers.includes(mapping[field]))
  );
}

/** The mapping last used for this platform's files, if the browser kept one. */
export function loadRememberedMapping<Field extends string>(
  kind: ReportKind<Field>,
  platform: string,
): ColumnMapping<Field> | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(kind.mappingKey(platform)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const values = stored as Record<string, unknown>;
    return Object.fromEntries(
      kind.fields.map((field) => [field, typeof values[field] === 'string' ? values[field] : null]),
    ) as ColumnMapping<Field>;
  } catch {
    return null;
  }
}

export function rememberMapping<Field extends string>(
  kind: ReportKind<Field>,
  platform: string,
  mapping: ColumnMapping<Field>,
): void {
  localStorage.setItem(kind.mappingKey(platform), JSON.stringify(mapping));
}
