// NATS KV helpers still imported from here by the stores not yet on the record store port.
export { isRevisionConflict } from './records/kv-keys.ts';
