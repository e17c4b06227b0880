// Embedded data that the bank and policy stores kept in nedb files of their own before they moved onto
// the record store (<dataDir>/banks: banks.db and bank-content.db; <dataDir>/policies:
// policy-versions.db). An embedded store copies it in when it opens (create-if-absent, so an import a
// crash cut short is simply done again) and then renames the directory to <dir>.imported.
import { rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { serviceLogger } from '../logger.ts';
import { Datastore } from './records/nedb.ts';

/** Reads one file of the old directory: its records, without nedb's _id (none when the file is absent). */
export type LegacyReader = <T>(file: string) => Promise<T[]>;

export async function importLegacyDir(dir: string, copy: (read: LegacyReader) => Promise<void>): Promise<void> {
  if (!(await stat(dir).catch(() => null))?.isDirectory()) return;
  let records = 0;
  await copy(async <T>(file: string) => {
    const path = join(dir, file);
    if (!(await stat(path).catch(() => null))) return [];
    const db = new Datastore<T & { _id: string }>({ filename: path });
    await db.loadDatabaseAsync();
    const docs = db.getAllData().map(({ _id: _, ...record }) => record as T);
    records += docs.length;
    return docs;
  });
  await rename(dir, `${dir}.imported`);
  serviceLogger('embedded-store').info({ dir, records, moved_to: `${dir}.imported` }, 'imported the records of a store that predates the record store');
}
