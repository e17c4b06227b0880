// MongoRecordDriver over in-memory nedb datastores, one per collection name: nedb evaluates the
// adapter's query documents ($exists, $in, $gt/$lt, $or, $and, dotted paths) and sorts with the same
// meaning, and runs one operation at a time, so the adapter's conditional writes are atomic as on a
// server. Not covered: MongoDB's planner and indexes, its TTL monitor and its string collation.
import type { IndexDescription } from 'mongodb';
import type { DocFilter, DocSort, RecordDoc } from '../../src/store/records/document.ts';
import type { MongoRecordDriver } from '../../src/store/records/mongo.ts';
import { Datastore, isUniqueViolation } from '../../src/store/records/nedb.ts';

function dotValue(doc: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), doc);
}

export class NedbMongoDriver implements MongoRecordDriver {
  readonly db = new Datastore<RecordDoc>({ inMemoryOnly: true });
  /** What createIndexes was asked for, in call order. */
  readonly indexRequests: IndexDescription[][] = [];

  async createIndexes(indexes: IndexDescription[]): Promise<void> {
    this.indexRequests.push(indexes);
  }

  async insertOne(doc: RecordDoc): Promise<void> {
    try {
      await this.db.insertAsync(doc);
    } catch (err) {
      if (isUniqueViolation(err)) throw Object.assign(new Error(`E11000 duplicate key error: ${doc._id}`), { code: 11000 });
      throw err;
    }
  }

  async findOne(filter: DocFilter): Promise<RecordDoc | null> {
    return (await this.db.findOneAsync(filter)) ?? null;
  }

  async replaceOne(filter: DocFilter, doc: RecordDoc): Promise<number> {
    return (await this.db.updateAsync(filter, doc, { multi: false })).numAffected;
  }

  deleteOne(filter: DocFilter): Promise<number> {
    return this.db.removeAsync(filter, { multi: false });
  }

  deleteMany(filter: DocFilter): Promise<number> {
    return this.db.removeAsync(filter, { multi: true });
  }

  async find(filter: DocFilter, sort: DocSort, limit: number): Promise<RecordDoc[]> {
    return this.db.findAsync(filter).sort(sort).limit(limit);
  }

  countDocuments(filter: DocFilter): Promise<number> {
    return this.db.countAsync(filter);
  }

  async countBy(field: string, filter: DocFilter): Promise<{ value: unknown; count: number }[]> {
    const counts = new Map<unknown, number>();
    for (const doc of await this.db.findAsync(filter)) {
      const v = dotValue(doc, field);
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    return [...counts].map(([value, count]) => ({ value, count }));
  }
}

/** Drivers by collection name, shared by every store built over the same instance. */
export function nedbMongoDrivers(): (name: string) => NedbMongoDriver {
  const drivers = new Map<string, NedbMongoDriver>();
  return (name) => {
    let d = drivers.get(name);
    if (!d) drivers.set(name, (d = new NedbMongoDriver()));
    return d;
  };
}
