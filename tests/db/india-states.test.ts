// The app's list of GST state codes (src/lib/india-states.ts: the pickers and the place of supply
// in the GSTR-1 files; a report's buyer state is read by the database, rules.gst_state_code) is the database's (rules.gst_states, which
// every refusal of an unknown state applies): the same codes with the same names, in one order.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaStates } from '../../src/lib/india-states';
import { openPool } from './support';

let pool: pg.Pool;

beforeAll(async () => {
  pool = await openPool(1);
});

afterAll(async () => {
  await pool.end();
});

describe('GST state codes (issue 31)', () => {
  it("are the database's, code for code and name for name", async () => {
    const { rows } = await pool.query<{ code: string; name: string }>(
      'select code, name from rules.gst_states() order by code',
    );
    expect(indiaStates.map(({ code, name }) => ({ code, name }))).toEqual(rows);
  });
});
