// moderator: the virtual moderator's decision on a finished policy job.
import { z } from 'zod';
import { defineStage } from '@modsvc/common/service-module';
import { createModerator } from './service.ts';

export const settingsSchema = z.object({});

export const service = defineStage({
  name: 'moderator',
  settingsSchema,
  needs: [],
  async start(rt) {
    return { provides: { moderator: createModerator(rt) } };
  },
});
