import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Starts the longest browser journeys and system tests first (issue 22 §2, CI's browser phase). CI runs on a fresh
 * clone, so vitest has no record of earlier runs and orders files by their size; a long file that happened to start
 * late kept one worker busy while the other had nothing left to do. The files' seconds come from a recorded run
 * (tests/file-seconds.json, written by `node scripts/file-seconds.mjs <vitest JSON report>`, e.g. CI's
 * .tmp/ci/system.json). A group of files (sequence.groupOrder) with a recorded file is ordered longest first, and a
 * file of it with no record starts before all others, since it may be long; groups with none (unit, contract, api)
 * keep vitest's own order. Only the order changes: every file still runs.
 */
const RECORD = path.resolve(import.meta.dirname, "../file-seconds.json");

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const record = JSON.parse(fs.readFileSync(RECORD, "utf8")) as { [file: string]: number };
    const recorded = (spec: TestSpecification) => record[path.relative(this.ctx.config.root, spec.moduleId)];
    // vitest runs the groups one after another in the order super.sort gives them.
    const groups = new Map<number, TestSpecification[]>();
    for (const spec of sorted) {
      const order = spec.project.config.sequence.groupOrder;
      groups.set(order, [...(groups.get(order) ?? []), spec]);
    }
    return [...groups.values()].flatMap((group) => {
      if (!group.some((spec) => recorded(spec) !== undefined)) return group;
      return group
        .map((spec, index) => ({ spec, index, seconds: recorded(spec) ?? Number.POSITIVE_INFINITY }))
        .sort((a, b) => (a.seconds === b.seconds ? a.index - b.index : a.seconds > b.seconds ? -1 : 1))
        .map(({ spec }) => spec);
    });
  }
}
