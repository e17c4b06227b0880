// @seald-io/nedb under NodeNext: the package is CommonJS (`module.exports = Datastore`) but its typings
// declare `export default`, which NodeNext reads as a namespace; the runtime default import is the class.
import nedb from '@seald-io/nedb';

export const Datastore = nedb as unknown as typeof nedb.default;
export type Datastore<T> = nedb.default<T>;

/** True for nedb's duplicate-_id (unique index) error. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { errorType?: unknown }).errorType === 'uniqueViolated';
}
