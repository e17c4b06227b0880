// Case 6: the receiver down for a simulated hour (in-process, on a fake clock: seconds of real time).
import { afterAll, describe, it } from 'vitest';
import { receiverDownForAnHour } from './cases/receiver-down.ts';
import { recordedInThisProcess, runCase } from './support/figures.ts';
import { FORM, LONG } from './support/flags.ts';
import { printSummary } from './support/summary.ts';

describe(`reliability (${FORM}): webhook receiver down`, () => {
  afterAll(() => printSummary(`reliability (${FORM}), receiver down`, recordedInThisProcess()));

  it('delivers every webhook exactly once per webhook-id after the receiver refused for an hour', () =>
    runCase('receiver-down/in-process', 'in-process', (f) => receiverDownForAnHour({ jobs: LONG ? 100 : 20, outageMs: 3_600_000, horizonMs: 30 * 3_600_000 }, f)), 300_000);
});
