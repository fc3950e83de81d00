import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest kinds of file first, so that the short ones fill the workers at the end of a group
 * instead of one long end-to-end file running alone after everything else has finished (a fresh
 * clone has no timings cached, and Vitest would otherwise order one group's files by project
 * name). Within a kind, Vitest's own order: the cached durations, else the larger file first.
 */
const SLOWEST_FIRST = ['e2e', 'contract', 'reliability', 'stack', 'db', 'unit-dom', 'unit'];

export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FIRST.indexOf(file.project.name);
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    const groupOrder = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    // Array.prototype.sort is stable: Vitest's order stays within a kind.
    return ordered.sort((a, b) => groupOrder(a) - groupOrder(b) || rank(a) - rank(b));
  }
}
