// `make test-reliability` ends with this: the table of the figures the run wrote.
import { figuresFile, readFigures } from './figures.ts';
import { summaryTable } from './summary.ts';
import type { Form } from './flags.ts';

// Usage: print-summary.ts <quick|full> [since ISO time]: only the cases recorded since then (this run).
const form = (process.argv[2] ?? 'full') as Form;
const since = process.argv[3] ?? new Date(0).toISOString();
const file = figuresFile(form);
const cases = Object.fromEntries(Object.entries(readFigures(file).forms[form]?.cases ?? {}).filter(([, f]) => f.recorded_at >= since));
if (Object.keys(cases).length === 0) {
  console.log(`no ${form} reliability figures recorded since ${since} in ${file}`);
} else {
  console.log(`\nreliability suite, ${form} form; figures in ${file}\n`);
  console.log(summaryTable(cases));
}
