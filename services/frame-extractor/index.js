// Starts this service on its own (configured by environment variables; see the README).
// TypeScript sources are loaded through tsx, so there is no build step.
import { register } from 'tsx/esm/api';

register();
await import('./src/main.ts');
