// The `results` object of a finished classification job: its shape follows the job's product.
import type { Product } from '../jobs.ts';
import { parseItemsResult, type ItemsResult } from './items-result.ts';
import { parsePolicyResult, type PolicyResult } from './policy-result.ts';

export type JobResults = ItemsResult | PolicyResult;

export function parseJobResults(product: Product, json: unknown): JobResults {
  return product === 'policy' ? parsePolicyResult(json) : parseItemsResult(json);
}

export function isPolicyResult(results: JobResults): results is PolicyResult {
  return 'policy_categories' in results;
}
