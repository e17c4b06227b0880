export { runStandalone, launchStandalone, type StandaloneService } from './standalone.ts';
