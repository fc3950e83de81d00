/**
 * Types both drivers hand over as Postgres' own text instead of JS values, so PGlite and node-postgres
 * return identical rows: int8 and numeric keep their precision, timestamps keep their time zone.
 */
export const RAW_TEXT_TYPES = [
  20, // int8
  1700, // numeric
  1082, // date
  1114, // timestamp
  1184, // timestamptz
] as const;
