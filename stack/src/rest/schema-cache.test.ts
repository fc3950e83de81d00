import { describe, expect, it } from 'vitest';
import { viewColumnOrigins } from './schema-cache';

describe('view column origins', () => {
  it("reads the outermost query's target list only, unescaping names; expressions have no origin", () => {
    // The shape of pg_rewrite.ev_action for
    // `select p.id as "part id", upper(p.name) as shout, s.t from parts p, (select thing_id as t from parts) s`,
    // trimmed: the subquery in the range table has a target list of its own, which is not the view's.
    const action =
      '({QUERY :commandType 1 :rtable ({RANGETBLENTRY :rtekind 1 :subquery {QUERY :targetList ' +
      '({TARGETENTRY :expr {VAR :varno 1} :resno 1 :resname t :resorigtbl 19959 :resorigcol 2 :resjunk false}) :override 0}}) ' +
      ':targetList (' +
      '{TARGETENTRY :expr {VAR :varno 1 :varattno 1} :resno 1 :resname part\\ id :ressortgroupref 0 :resorigtbl 19959 :resorigcol 1 :resjunk false} ' +
      '{TARGETENTRY :expr {FUNCEXPR :funcid 871 :args ({VAR :varno 1 :varattno 3})} :resno 2 :resname shout :resorigtbl 0 :resorigcol 0 :resjunk false} ' +
      '{TARGETENTRY :expr {VAR :varno 2 :varattno 1} :resno 3 :resname t :resorigtbl 19959 :resorigcol 2 :resjunk false}' +
      ') :override 0})';
    expect(viewColumnOrigins(action)).toEqual([
      { name: 'part id', relation: 19959, column: 1 },
      { name: 'shout', relation: 0, column: 0 },
      { name: 't', relation: 19959, column: 2 },
    ]);
  });
});
