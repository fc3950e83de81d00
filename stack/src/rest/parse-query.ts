/**
 * PostgREST's URL grammar (docs/references/api/tables_views.rst) parsed into a small AST. Nothing
 * here knows the schema: names are checked and quoted later, values only ever become parameters.
 */
import { queryParamError } from './errors';

export interface JsonPathStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column, optionally followed by a JSON path (`data->a->>b`). */
export interface Field {
  name: string;
  jsonPath: JsonPathStep[];
}

export const AGGREGATE_FUNCTIONS = ['avg', 'count', 'max', 'min', 'sum'] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'column';
      /** `count()` alone counts rows: its field is `*`. */
      field: Field;
      alias?: string;
      cast?: string;
      /** `col.sum()`, `count()`, and the cast of its result (`col.sum()::text`). */
      aggregate?: { fn: AggregateFunction; cast?: string };
    }
  | {
      kind: 'embed';
      relation: string;
      alias?: string;
      /** `!fk`: a foreign key's constraint name or one of its columns. */
      hint?: string;
      inner: boolean;
      /** `...rel(cols)`: the columns join the parent row instead of nesting under a key. */
      spread: boolean;
      select: SelectItem[];
    };

export const COMPARISON_OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  // PostgREST's SqlFragment: nxl is "does not extend to the left of" (&>), nxr "to the right of" (&<).
  nxl: '&>',
  nxr: '&<',
  adj: '-|-',
  isdistinct: 'is distinct from',
} as const;
export type ComparisonOperator = keyof typeof COMPARISON_OPERATORS;

export const FULL_TEXT_OPERATORS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;
export type FullTextOperator = keyof typeof FULL_TEXT_OPERATORS;

/** Operators that take the `(any)` / `(all)` modifier. */
const QUANTIFIABLE = new Set(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;
export type IsValue = (typeof IS_VALUES)[number];

export type Predicate =
  | { operator: ComparisonOperator; quantifier?: 'any' | 'all'; value: string }
  | { operator: 'in'; values: string[] }
  | { operator: 'is'; value: IsValue }
  | { operator: FullTextOperator; language?: string; value: string };

export type Filter =
  | { kind: 'condition'; field: Field; negated: boolean; predicate: Predicate }
  | { kind: 'logic'; operator: 'and' | 'or'; negated: boolean; children: Filter[] };

export interface OrderTerm {
  /** `rel(col)`: a column of a to-one embedded resource. */
  relation?: string;
  field: Field;
  descending: boolean;
  nulls?: 'first' | 'last';
}

/** Filters, order and paging of one level of the response: the root, or an embedded resource. */
export interface Scope {
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by embedding path: '' for the root, 'products' or 'products.bom_items' below it. */
  scopes: Map<string, Scope>;
  /** `columns=` of an insert. */
  columns?: string[];
  /** `on_conflict=` of an upsert. */
  onConflict?: string[];
}

/** A column or relation name: no delimiter of the grammar, and no `->` (a JSON path follows). */
const NAME = /^[^\s.,:()!"'<>*-](?:[^\s.,:()!"'<>*-]|-(?!>))*/;
const isName = (text: string) => NAME.exec(text)?.[0] === text;

/** Splits on `sep` at nesting depth 0, outside double quotes. */
function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && quoted) i++;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth--;
    else if (!quoted && depth === 0 && char === sep) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Index of the `)` closing the `(` at `open`, or -1. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && quoted) i++;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * Limits on nesting. Parsing recurses once per level, and Postgres overflows on deeply nested SQL,
 * so deeper requests are refused as bad queries (PGRST100). Embeddings are bounded tighter: each
 * level is a lateral join per parent row, so a few nested one-to-many levels already multiply a
 * request's work; PostgREST has no such bound, and 8 levels is far beyond what an app asks for.
 */
const MAX_PARSE_DEPTH = 1000;
const MAX_EMBED_DEPTH = 8;
const MAX_LOGIC_DEPTH = 32;

/** Deepest parenthesis nesting outside double quotes. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && quoted) i++;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') deepest = Math.max(deepest, ++depth);
    else if (!quoted && char === ')') depth--;
  }
  return deepest;
}

function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return text;
}

function parseField(text: string, parameter: string): Field {
  const trimmed = text.trim();
  const name = NAME.exec(trimmed)?.[0];
  if (!name) throw queryParamError(`failed to parse ${parameter} parameter (${text})`, `"${text}" is not a column name`);
  const jsonPath: JsonPathStep[] = [];
  let rest = trimmed.slice(name.length);
  while (rest) {
    const step = /^(->>|->)([^\s,:()>-][^\s,:()>]*?)(?=->|$)/.exec(rest);
    if (!step) {
      throw queryParamError(`failed to parse ${parameter} parameter (${text})`, `unexpected "${rest}"`);
    }
    jsonPath.push({ arrow: step[1] as '->' | '->>', key: step[2]! });
    rest = rest.slice(step[0].length);
  }
  return { name, jsonPath };
}

// select ----------------------------------------------------------------------------------------

/** `[alias:]field[::cast].fn()[::cast]` or `[alias:]count()[::cast]`: an aggregate, not an embedding. */
const AGGREGATE = new RegExp(`^(?:(.*)\\.)?(${AGGREGATE_FUNCTIONS.join('|')})\\(\\)(?:::(\\w+))?$`);

export function parseSelect(text: string): SelectItem[] {
  const fail = (details: string) => queryParamError(`failed to parse select parameter (${text})`, details);
  // Refused before parsing, which recurses once per level.
  if (nestingDepth(text) > MAX_PARSE_DEPTH) throw fail(`select nests more than ${MAX_PARSE_DEPTH} levels deep`);
  const parseItems = (list: string, depth: number): SelectItem[] => {
    if (list.trim() === '') return [];
    return splitTopLevel(list, ',').map((raw) => parseItem(raw.trim(), depth));
  };
  const parseColumn = (fieldText: string, alias: string | undefined, item: string): SelectItem => {
    const [name = '', cast, ...extra] = fieldText.split('::');
    if (extra.length > 0 || cast === '') throw fail(`unexpected "::" in "${item}"`);
    return { kind: 'column', field: parseField(name, 'select'), alias, cast: cast?.trim().toLowerCase() };
  };
  const parseItem = (item: string, depth: number): SelectItem => {
    if (item === '') throw fail('empty select item');
    if (item === '*') return { kind: 'star' };
    let alias: string | undefined;
    let rest = item;
    const aliasMatch = new RegExp(`^(${NAME.source.slice(1)})\\s*:(?!:)\\s*`).exec(item);
    if (aliasMatch) {
      alias = aliasMatch[1];
      rest = item.slice(aliasMatch[0].length);
    }
    const aggregate = AGGREGATE.exec(rest);
    if (aggregate) {
      const [, fieldText, fn, resultCast] = aggregate;
      if (fieldText === undefined && fn !== 'count') throw fail(`${fn}() needs a column: column.${fn}()`);
      const column =
        fieldText === undefined
          ? { kind: 'column' as const, field: { name: '*', jsonPath: [] }, alias, cast: undefined }
          : parseColumn(fieldText, alias, item);
      return { ...column, aggregate: { fn: fn as AggregateFunction, cast: resultCast?.toLowerCase() } } as SelectItem;
    }
    const spread = rest.startsWith('...');
    if (spread) {
      if (alias !== undefined) throw fail(`a spread embedding takes no alias: "${item}"`);
      rest = rest.slice(3);
    }
    const open = rest.indexOf('(');
    if (open < 0) {
      if (spread) throw fail(`"...${rest}" spreads no embedded resource`);
      return parseColumn(rest, alias, item);
    }
    if (depth === MAX_EMBED_DEPTH) {
      throw fail(`embedded resources nest more than ${MAX_EMBED_DEPTH} levels deep, the most the local stack allows`);
    }
    const close = closingParen(rest, open);
    if (close !== rest.length - 1) throw fail(`unbalanced parentheses in "${item}"`);
    const [relation = '', ...hints] = rest.slice(0, open).trim().split('!');
    if (!isName(relation)) throw fail(`"${relation}" is not a resource name`);
    let inner = false;
    let hint: string | undefined;
    for (const value of hints) {
      if (value === 'inner') inner = true;
      else if (value === 'left') inner = false;
      else if (!hint && isName(value)) hint = value;
      else throw fail(`unexpected embedding hint "!${value}"`);
    }
    return { kind: 'embed', relation, alias, hint, inner, spread, select: parseItems(rest.slice(open + 1, close), depth + 1) };
  };
  return parseItems(text, 0);
}

// filters ---------------------------------------------------------------------------------------

function parseList(text: string, fail: () => Error): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) throw fail();
  const inside = text.slice(1, -1);
  if (inside === '') return [];
  return splitTopLevel(inside, ',').map(unquote);
}

/** `[not.]op[(any|all)].value` of a filter; `inLogic` unquotes values as PostgREST does there. */
function parsePredicate(
  text: string,
  parameter: string,
  inLogic: boolean,
): { negated: boolean; predicate: Predicate } {
  const fail = () =>
    queryParamError(
      `failed to parse filter (${text})`,
      `"${text}" of ${parameter} is not [not.]operator.value with a known operator`,
    );
  let rest = text;
  const negated = rest.startsWith('not.');
  if (negated) rest = rest.slice(4);
  const head = /^([a-z]+)(?:\((any|all)\)|\(([^)]*)\))?\./.exec(rest);
  if (!head) throw fail();
  const [prefix, operator = '', quantifier, language] = head;
  const raw = rest.slice(prefix.length);
  const value = inLogic ? unquote(raw) : raw;
  if (operator === 'in') {
    if (quantifier || language !== undefined) throw fail();
    return { negated, predicate: { operator, values: parseList(raw, fail) } };
  }
  if (operator === 'is') {
    const isValue = value.toLowerCase() as IsValue;
    if (quantifier || language !== undefined || !IS_VALUES.includes(isValue)) throw fail();
    return { negated, predicate: { operator, value: isValue } };
  }
  if (operator in FULL_TEXT_OPERATORS) {
    if (quantifier) throw fail();
    return { negated, predicate: { operator: operator as FullTextOperator, language, value } };
  }
  if (operator in COMPARISON_OPERATORS) {
    if (language !== undefined || (quantifier && !QUANTIFIABLE.has(operator))) throw fail();
    const comparison = operator as ComparisonOperator;
    // `ov.(a,b)` is PostgREST's list spelling of the array `{a,b}`.
    const arrayValue = comparison === 'ov' && raw.startsWith('(') ? `{${raw.slice(1, -1)}}` : value;
    return {
      negated,
      predicate: { operator: comparison, quantifier: quantifier as 'any' | 'all' | undefined, value: arrayValue },
    };
  }
  throw fail();
}

/** Whether a query value is a filter (`[not.]op.…`) rather than a function argument of a GET call. */
export function isFilterValue(value: string): boolean {
  const operator = /^(?:not\.)?([a-z]+)(?:\([^)]*\))?\./.exec(value)?.[1] ?? '';
  return operator === 'in' || operator === 'is' || operator in COMPARISON_OPERATORS || operator in FULL_TEXT_OPERATORS;
}

/**
 * `or=(…)` / `and=(…)`, simplified without changing its meaning (a one-element group is its
 * element, a group directly inside a group of the same operator merges into it, two negations
 * cancel) and then held to MAX_LOGIC_DEPTH.
 */
export function parseLogicTree(operator: 'and' | 'or', negated: boolean, text: string, parameter: string): Filter {
  const fail = (details: string) => queryParamError(`failed to parse logic tree (${text})`, details);
  if (nestingDepth(text) > MAX_PARSE_DEPTH) throw fail(`${parameter} nests more than ${MAX_PARSE_DEPTH} levels deep`);
  const tree = simplify(parseLogic(operator, negated, text, parameter));
  if (logicDepth(tree) > MAX_LOGIC_DEPTH) throw fail(`${parameter} nests more than ${MAX_LOGIC_DEPTH} and/or groups deep`);
  return tree;
}

function simplify(filter: Filter): Filter {
  if (filter.kind === 'condition') return filter;
  const children = filter.children
    .map(simplify)
    .flatMap((child) => (child.kind === 'logic' && !child.negated && child.operator === filter.operator ? child.children : [child]));
  // In SQL's three-valued logic too, not (not x) is x.
  if (children.length === 1) return { ...children[0]!, negated: children[0]!.negated !== filter.negated };
  return { ...filter, children };
}

const logicDepth = (filter: Filter): number =>
  filter.kind === 'condition' ? 0 : 1 + Math.max(...filter.children.map(logicDepth));

/** The inside of `or=(…)` / `and=(…)`, as written. */
function parseLogic(operator: 'and' | 'or', negated: boolean, text: string, parameter: string): Filter {
  const fail = (details: string) => queryParamError(`failed to parse logic tree (${text})`, details);
  if (!text.startsWith('(') || closingParen(text, 0) !== text.length - 1) {
    throw fail(`${parameter} must be a parenthesised list`);
  }
  const children = splitTopLevel(text.slice(1, -1), ',').map((element): Filter => {
    const nested = /^(not\.)?(and|or)\(/.exec(element);
    if (nested) {
      return parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), element.slice(nested[0].length - 1), parameter);
    }
    const dot = element.indexOf('.');
    if (dot <= 0) throw fail(`"${element}" is not column.operator.value`);
    const field = parseField(element.slice(0, dot), parameter);
    return { kind: 'condition', field, ...parsePredicate(element.slice(dot + 1), parameter, true) };
  });
  return { kind: 'logic', operator, negated, children };
}

// order, paging ---------------------------------------------------------------------------------

export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text, ',').map((term) => {
    const parts = term.split('.');
    const modifiers = parts.slice(1);
    const fail = () =>
      queryParamError(`failed to parse order (${text})`, `"${term}" is not column[.asc|.desc][.nullsfirst|.nullslast]`);
    let descending = false;
    let nulls: 'first' | 'last' | undefined;
    if (modifiers[0] === 'asc' || modifiers[0] === 'desc') descending = modifiers.shift() === 'desc';
    if (modifiers[0] === 'nullsfirst' || modifiers[0] === 'nullslast') {
      nulls = modifiers.shift() === 'nullsfirst' ? 'first' : 'last';
    }
    if (modifiers.length > 0 || !parts[0]) throw fail();
    const related = /^([^(]+)\((.*)\)$/.exec(parts[0]);
    if (related) {
      if (!isName(related[1]!)) throw fail();
      return { relation: related[1], field: parseField(related[2]!, 'order'), descending, nulls };
    }
    return { field: parseField(parts[0], 'order'), descending, nulls };
  });
}

function parseCount(text: string, parameter: string): number {
  if (!/^\d+$/.test(text)) {
    throw queryParamError(`failed to parse ${parameter} parameter (${text})`, `${parameter} must be a non-negative integer`);
  }
  return Number(text);
}

function parseNameList(text: string, parameter: string): string[] {
  return text.split(',').map((name) => {
    const unquoted = unquote(name.trim());
    if (!isName(unquoted)) {
      throw queryParamError(`failed to parse ${parameter} parameter (${text})`, `"${name}" is not a column name`);
    }
    return unquoted;
  });
}

// the whole query string ------------------------------------------------------------------------

// Two patterns so that `not.and` is never read as `and` below a resource called `not`.
const NEGATED_LOGIC_KEY = /^(?:(.*)\.)?(not\.or|not\.and)$/;
const SCOPED_KEY = /^(?:(.*)\.)?(order|limit|offset|or|and)$/;
const RESERVED_KEYS = new Set(['select', 'columns', 'on_conflict']);

/** Whether a query parameter is part of the query grammar rather than a filter or an argument. */
export const isReservedKey = (key: string) =>
  RESERVED_KEYS.has(key) || NEGATED_LOGIC_KEY.test(key) || SCOPED_KEY.test(key);

/**
 * Every query parameter of a table request. `reserved` names parameters that mean something else
 * for the request (RPC arguments on GET), which are left out.
 */
export function parseQuery(query: URLSearchParams, reserved: ReadonlySet<string> = new Set()): ParsedQuery {
  const parsed: ParsedQuery = { select: [{ kind: 'star' }], scopes: new Map() };
  const scope = (path: string): Scope => {
    let found = parsed.scopes.get(path);
    if (!found) parsed.scopes.set(path, (found = { filters: [], order: [] }));
    return found;
  };
  scope('');
  for (const [key, value] of query) {
    if (reserved.has(key)) continue;
    if (key === 'select') {
      parsed.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      parsed.columns = parseNameList(value, 'columns');
      continue;
    }
    if (key === 'on_conflict') {
      parsed.onConflict = parseNameList(value, 'on_conflict');
      continue;
    }
    const scoped = NEGATED_LOGIC_KEY.exec(key) ?? SCOPED_KEY.exec(key);
    if (scoped) {
      const [, path = '', name] = scoped;
      const target = scope(path);
      if (name === 'order') target.order = parseOrder(value);
      else if (name === 'limit') target.limit = parseCount(value, key);
      else if (name === 'offset') target.offset = parseCount(value, key);
      else {
        const negated = name!.startsWith('not.');
        target.filters.push(parseLogicTree(negated ? (name!.slice(4) as 'and' | 'or') : (name as 'and' | 'or'), negated, value, key));
      }
      continue;
    }
    // `products.sku=eq.x` filters the embedded `products`; JSON paths may not contain the dot.
    const arrow = key.indexOf('->');
    const dot = key.lastIndexOf('.', arrow >= 0 ? arrow : key.length);
    const path = dot >= 0 ? key.slice(0, dot) : '';
    const field = parseField(key.slice(dot + 1), key);
    scope(path).filters.push({ kind: 'condition', field, ...parsePredicate(value, key, false) });
  }
  return parsed;
}

const ACCEPTED_PREFERENCES = new Set([
  'resolution=merge-duplicates', 'resolution=ignore-duplicates',
  'return=representation', 'return=minimal', 'return=headers-only',
  'params=single-object',
  'count=exact', 'count=planned', 'count=estimated',
  'tx=commit', 'tx=rollback',
  'missing=default', 'missing=null',
  'handling=strict', 'handling=lenient',
]);

/** The `Prefer` preferences PostgREST knows (Preferences.hs), each the first one given. */
export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  return?: string;
  count?: string;
  tx?: 'commit' | 'rollback';
  missing?: string;
  handling?: 'strict' | 'lenient';
  /** Only a time zone Postgres knows. */
  timezone?: string;
  maxAffected?: number;
  /** What PostgREST does not recognise, refused under handling=strict. */
  invalid: string[];
}

/**
 * PostgREST's Preferences.fromHeaders: `Prefer` values arrive comma-joined; the first of each
 * preference wins; a time zone counts only if Postgres knows it.
 */
export function parsePreferences(header: string | undefined, timezones: ReadonlySet<string>): Preferences {
  const given = (header ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  const first = (prefix: string) => given.find((pref) => pref.startsWith(prefix) && ACCEPTED_PREFERENCES.has(pref))?.slice(prefix.length);
  const timezone = given.find((pref) => pref.startsWith('timezone='))?.slice('timezone='.length);
  const validTimezone = timezone !== undefined && timezones.has(timezone) ? timezone : undefined;
  const maxAffectedText = given.find((pref) => pref.startsWith('max-affected='))?.slice('max-affected='.length);
  const invalid = given.filter(
    (pref) =>
      !ACCEPTED_PREFERENCES.has(pref) &&
      !(pref.startsWith('timezone=') && validTimezone !== undefined) &&
      !pref.startsWith('max-affected='),
  );
  return {
    resolution: first('resolution=') as Preferences['resolution'],
    return: first('return='),
    count: first('count='),
    tx: first('tx=') as Preferences['tx'],
    missing: first('missing='),
    handling: first('handling=') as Preferences['handling'],
    timezone: validTimezone,
    maxAffected: maxAffectedText !== undefined && /^-?\d+$/.test(maxAffectedText) ? Number(maxAffectedText) : undefined,
    invalid,
  };
}
