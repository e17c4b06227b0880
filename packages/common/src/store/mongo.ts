// The MongoDB database naming every MongoDB store of a deployment shares (defined with the record store's adapter).
export { DEFAULT_DB_NAME, dbNameFromUrl, mongoDatabaseName } from './records/mongo.ts';
