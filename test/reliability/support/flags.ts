// The two forms of the reliability suite: quick cases run in `make test`; the long ones only with
// RELIABILITY_LONG=1 (`make test-reliability` sets it).
import { describe } from 'vitest';

export const LONG = process.env.RELIABILITY_LONG === '1';

export type Form = 'quick' | 'full';

export const FORM: Form = LONG ? 'full' : 'quick';

/** A describe block that runs only in the long form. */
export const describeLong = describe.skipIf(!LONG);
