import { runStandalone } from '@modsvc/common/host';
import { createModerator } from './service.ts';
import { moderatorBinding } from './grpc.ts';

await runStandalone('moderator', async (rt) => ({ bindings: [moderatorBinding(createModerator(rt))] }));
