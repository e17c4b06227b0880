import { describePipelineContract } from './pipeline-contract.ts';
import { describeLanguageEndToEnd } from './language.ts';
import { describeBanksEndToEnd } from './banks.ts';
import { describeIdempotentModerate } from './idempotent-moderate.ts';
import { describeModerationCrash } from './moderation-crash.ts';
import { startAllInOneDeployment } from '../helpers/deployments.ts';

describePipelineContract('all-in-one (in-process bus, embedded store, local media)', () => startAllInOneDeployment(), (ctx) => {
  describeLanguageEndToEnd(ctx);
  describeBanksEndToEnd(ctx);
  describeIdempotentModerate(ctx);
  describeModerationCrash(ctx);
});
