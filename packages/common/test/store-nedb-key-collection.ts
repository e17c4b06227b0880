// An IdempotencyKeyCollection over an in-memory nedb datastore, for MongoJobStore without a server
// (see store-nedb-collection.ts for what this does and does not cover).
import nedb from '@seald-io/nedb';
import type { IndexDescription } from 'mongodb';
import type { IdempotencyKeyCollection, IdempotencyKeyDoc } from '../src/store/idempotency-mongo.ts';

const Datastore = nedb as unknown as typeof nedb.default;

export class NedbIdempotencyKeyCollection implements IdempotencyKeyCollection {
  readonly db = new Datastore<IdempotencyKeyDoc>({ inMemoryOnly: true });
  readonly indexRequests: IndexDescription[][] = [];

  async createIndexes(indexes: IndexDescription[]): Promise<void> {
    this.indexRequests.push(indexes);
  }

  async insertOne(doc: IdempotencyKeyDoc): Promise<void> {
    try {
      await this.db.insertAsync(doc);
    } catch (err) {
      if ((err as { errorType?: string }).errorType === 'uniqueViolated') {
        throw Object.assign(new Error(`E11000 duplicate key error: ${doc._id}`), { code: 11000 });
      }
      throw err;
    }
  }

  async findOne(filter: object): Promise<IdempotencyKeyDoc | null> {
    return (await this.db.findOneAsync(filter)) ?? null;
  }

  async replaceOne(filter: object, doc: IdempotencyKeyDoc): Promise<number> {
    const { numAffected } = await this.db.updateAsync(filter, doc, { multi: false });
    return numAffected;
  }

  async deleteOne(filter: object): Promise<void> {
    await this.db.removeAsync(filter, { multi: false });
  }
}
