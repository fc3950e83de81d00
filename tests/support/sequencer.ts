import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of one group's queue. The end-to-end files first, slowest first, so that no long one
 * runs alone after everything else (a fresh clone has no timings cached, and Vitest would otherwise
 * order one group's files by project name), with the contract and reliability files spread evenly
 * among them: those mostly wait (on timeouts, restarts, sockets) and leave the cores idle when they
 * run together, while the end-to-end files keep Chromium busy on both. Then the short CPU-bound
 * files, which fill the workers at the end. Within a kind, Vitest's own order: the cached
 * durations, else the larger file first.
 */
const SPREAD_AMONG_E2E = ['contract', 'reliability'];
const AFTER = ['stack', 'db', 'unit-dom', 'unit'];

export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const groups = [...new Set(ordered.map((file) => file.project.config.sequence.groupOrder))].sort((a, b) => a - b);
    return groups.flatMap((group) => {
      const inGroup = ordered.filter((file) => file.project.config.sequence.groupOrder === group);
      const ofKind = (kinds: string[]) => inGroup.filter((file) => kinds.includes(file.project.name));
      const e2e = ofKind(['e2e']);
      const waiting = ofKind(SPREAD_AMONG_E2E);
      const rank = (file: TestSpecification) => AFTER.indexOf(file.project.name);
      const rest = inGroup
        .filter((file) => !e2e.includes(file) && !waiting.includes(file))
        .sort((a, b) => rank(a) - rank(b));
      // One waiting file after every `step` end-to-end files, the first after the first `step`.
      const step = waiting.length === 0 ? Infinity : Math.max(1, Math.floor(e2e.length / waiting.length));
      const mixed: TestSpecification[] = [];
      e2e.forEach((file, index) => {
        mixed.push(file);
        if ((index + 1) % step === 0 && waiting.length > 0) mixed.push(waiting.shift()!);
      });
      return [...mixed, ...waiting, ...rest];
    });
  }
}
