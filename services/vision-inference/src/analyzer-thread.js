// Entry of a vision worker thread: TypeScript is loaded through tsx, as in index.js.
import { register } from 'tsx/esm/api';

register();
await import('./analyzer-thread.ts');
