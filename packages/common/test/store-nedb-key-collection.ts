// An IdempotencyKeyCollection over an in-memory nedb datastore, for MongoJobStore without a server
// (see store-nedb-collection.ts for what this does and does not cover).
import type { IdempotencyKeyCollection, IdempotencyKeyDoc } from '../src/store/idempotency-mongo.ts';
import { NedbCollection } from './store-nedb-collection.ts';

export class NedbIdempotencyKeyCollection extends NedbCollection<IdempotencyKeyDoc> implements IdempotencyKeyCollection {
  async replaceOne(filter: object, doc: IdempotencyKeyDoc): Promise<number> {
    const { numAffected } = await this.db.updateAsync(filter, doc, { multi: false });
    return numAffected;
  }

  async deleteOne(filter: object): Promise<void> {
    await this.db.removeAsync(filter, { multi: false });
  }
}
