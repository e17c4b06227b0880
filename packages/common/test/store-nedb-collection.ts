// A JobCollection over an in-memory nedb datastore: nedb evaluates MongoDB-style filters and
// update operators ($set with dotted paths, $push, $ne, $in, $lt) with the same meaning, so the
// MongoJobStore logic and the update documents it builds run without a MongoDB server.
// Not covered: MongoDB's own atomicity, TTL expiry and key rules (nedb rejects dotted keys in values).
import nedb from '@seald-io/nedb';
import type { IndexDescription } from 'mongodb';
import type { JobCollection, JobDoc } from '../src/store/mongo.ts';

const Datastore = nedb as unknown as typeof nedb.default;

/** What every nedb stand-in for a MongoDB collection shares: index requests recorded, inserts that fail on a duplicate _id as MongoDB does (code 11000), findOne. */
export class NedbCollection<D extends { _id: string }> {
  readonly db = new Datastore<D>({ inMemoryOnly: true });
  /** What createIndexes was asked for, in call order. */
  readonly indexRequests: IndexDescription[][] = [];

  async createIndexes(indexes: IndexDescription[]): Promise<void> {
    this.indexRequests.push(indexes);
  }

  async insertOne(doc: D): Promise<void> {
    try {
      await this.db.insertAsync(doc);
    } catch (err) {
      if ((err as { errorType?: string }).errorType === 'uniqueViolated') {
        throw Object.assign(new Error(`E11000 duplicate key error: ${doc._id}`), { code: 11000 });
      }
      throw err;
    }
  }

  async findOne(filter: object): Promise<D | null> {
    return (await this.db.findOneAsync(filter)) ?? null;
  }
}

export class NedbJobCollection extends NedbCollection<JobDoc> implements JobCollection {
  async find(filter: object, sort: Record<string, 1 | -1>, limit: number): Promise<JobDoc[]> {
    return this.db.findAsync(filter).sort(sort).limit(limit);
  }

  async updateOne(filter: object, update: object): Promise<number> {
    const { numAffected } = await this.db.updateAsync(filter, update, { multi: false });
    return numAffected;
  }

  async findOneAndUpdate(filter: object, update: object): Promise<JobDoc | null> {
    const { affectedDocuments } = await this.db.updateAsync(filter, update, { multi: false, returnUpdatedDocs: true });
    return affectedDocuments ?? null;
  }

  async deleteMany(filter: object): Promise<number> {
    return this.db.removeAsync(filter, { multi: true });
  }

  async countDocuments(filter: object): Promise<number> {
    return this.db.countAsync(filter);
  }
}
