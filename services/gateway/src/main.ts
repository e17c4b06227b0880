import { runStandalone } from '@modsvc/runner';
import { service } from './index.ts';

await runStandalone(service);
