/**
 * postgres_changes filters as realtime-js 2.119 writes them (wire facts §3.5): comma-joined
 * `column=[not.]operator.value` conditions, ANDed. Values stay text here; SQL casts them to the
 * column's type, as Supabase Realtime does, so comparisons follow Postgres semantics.
 */

export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'is',
  'like',
  'ilike',
  'match',
  'imatch',
  'isdistinct',
] as const;

export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type FilterCondition =
  | { column: string; operator: 'in'; negated: boolean; values: string[] }
  | { column: string; operator: 'is'; negated: boolean; value: 'null' | 'true' | 'false' | 'unknown' }
  | { column: string; operator: Exclude<FilterOperator, 'in' | 'is'>; negated: boolean; value: string };

export class FilterError extends Error {}

/** Supabase Realtime's limit on `in` lists. */
export const MAX_IN_VALUES = 100;

const IS_VALUES = new Set(['null', 'true', 'false', 'unknown']);

/** Splits on `separator` outside double quotes and parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '\\' && i + 1 < text.length) {
      current += char + text[++i];
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth--;
    if (!quoted && depth === 0 && char === separator) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (quoted || depth !== 0) throw new FilterError(`unbalanced quotes or parentheses in "${text}"`);
  parts.push(current);
  return parts;
}

/** A PostgREST-style value: `"…"` with `\"` and `\\` escapes, or the bare text. */
function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

export function parseFilter(filter: string | null | undefined): FilterCondition[] {
  if (filter == null || filter.trim() === '') return [];
  return splitTopLevel(filter, ',').map(parseCondition);
}

function parseCondition(text: string): FilterCondition {
  const equals = text.indexOf('=');
  if (equals <= 0) throw new FilterError(`filter "${text}" is not column=operator.value`);
  const column = text.slice(0, equals).trim();
  let rest = text.slice(equals + 1);
  const negated = rest.startsWith('not.');
  if (negated) rest = rest.slice(4);
  const dot = rest.indexOf('.');
  if (dot <= 0) throw new FilterError(`filter "${text}" is not column=operator.value`);
  const operator = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (!(FILTER_OPERATORS as readonly string[]).includes(operator)) {
    throw new FilterError(`unknown filter operator "${operator}"`);
  }

  if (operator === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')')) {
      throw new FilterError(`in filter needs a list in parentheses: "${text}"`);
    }
    const values = splitTopLevel(value.slice(1, -1), ',').map((item) => unquote(item.trim()));
    if (values.length > MAX_IN_VALUES) {
      throw new FilterError(`too many values for \`in\` filter. Maximum ${MAX_IN_VALUES}`);
    }
    return { column, operator, negated, values };
  }
  if (operator === 'is') {
    const lowered = value.toLowerCase();
    if (!IS_VALUES.has(lowered)) throw new FilterError(`is filter takes null, true, false or unknown`);
    return { column, operator, negated, value: lowered as 'null' | 'true' | 'false' | 'unknown' };
  }
  return { column, operator: operator as Exclude<FilterOperator, 'in' | 'is'>, negated, value: unquote(value) };
}

/** Quotes an identifier for SQL (the caller has already checked it against the catalog). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };

/**
 * One condition as a SQL boolean over `rowAlias`, with its value appended to `params` (bound,
 * never spliced) and cast to `sqlType`, the column's type from the catalog. NULL counts as no
 * match, as in Supabase Realtime.
 */
export function conditionSql(
  condition: FilterCondition,
  rowAlias: string,
  sqlType: string,
  params: unknown[],
): string {
  const column = `${rowAlias}.${quoteIdent(condition.column)}`;
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  let predicate: string;
  switch (condition.operator) {
    case 'in':
      predicate = `${column} = any (array(select jsonb_array_elements_text(${bind(JSON.stringify(condition.values))}::jsonb)::${sqlType}))`;
      break;
    case 'is':
      predicate = `${column} is ${condition.value}`;
      break;
    case 'like':
    case 'ilike':
      // PostgREST's pattern syntax: `*` stands for `%`.
      predicate = `${column}::text ${condition.operator} ${bind(condition.value.replace(/\*/g, '%'))}`;
      break;
    case 'match':
      predicate = `${column}::text ~ ${bind(condition.value)}`;
      break;
    case 'imatch':
      predicate = `${column}::text ~* ${bind(condition.value)}`;
      break;
    case 'isdistinct':
      predicate = `${column} is distinct from ${bind(condition.value)}::${sqlType}`;
      break;
    default:
      predicate = `${column} ${COMPARISONS[condition.operator]} ${bind(condition.value)}::${sqlType}`;
  }
  return condition.negated ? `coalesce(not (${predicate}), false)` : `coalesce(${predicate}, false)`;
}
