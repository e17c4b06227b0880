// Child process for the crash test in store.test.ts: writes to an embedded store at argv[2], reports
// the ids on stdout, then kills itself with SIGKILL without closing the store.
import { embeddedJobStore } from '../src/store/index.ts';
import { newJobRecord, opaqueResults } from './fixtures.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: store-crash-child.ts <dir>');
const store = embeddedJobStore({ dir });
const finished = newJobRecord({ tenantId: 'crash', callbackUrl: 'https://hooks.example.com/cb' });
const queued = newJobRecord({ tenantId: 'crash' });
await store.create(finished);
await store.create(queued);
await store.setPart(finished.id, 'speech', { transcript: 'hi', segments: [], recognizer: 'r', toxicity: null, error: null });
await store.finish(finished.id, { status: 'done', results: opaqueResults({ ok: true }) });
await store.update(queued.id, { mediaKey: 'media/q' });
process.stdout.write(`${JSON.stringify({ finished: finished.id, queued: queued.id })}\n`, () => {
  process.kill(process.pid, 'SIGKILL');
});
