// Child process for crash.test.ts: makes the due attempt of job argv[3] from the embedded store at
// argv[2]; the test kills it with SIGKILL while the receiver holds the request.
import { EgressGuard } from '@modsvc/common/egress';
import { logger } from '@modsvc/common/logger';
import { embeddedJobStore } from '@modsvc/common/store/index';
import { createJobDeliveries } from '../src/job-deliveries.ts';

const [dir, jobId] = process.argv.slice(2);
if (!dir || !jobId) throw new Error('usage: crash-child.ts <store dir> <job id>');
const deliveries = createJobDeliveries({
  store: embeddedJobStore({ dir }),
  secretsOf: () => ['s3cret'],
  guard: new EgressGuard({ allowCidrs: ['127.0.0.0/8'] }),
  timeoutMs: 10_000,
  log: logger.child({ test: 'crash-child' }),
});
await deliveries.attemptDue(jobId);
