// What a user should get for a hostile file, per endpoint, beyond the rule every answer obeys
// (a 4xx JSON error, or a job that ends done or failed with a message in our words).

export type Endpoint = 'image' | 'video';

export type Expectation =
  | { kind: 'refused'; statuses: number[] }
  | { kind: 'failed'; msg: RegExp }
  | { kind: 'done' }
  | { kind: 'oneOf'; options: Expectation[] };

export const refused = (...statuses: number[]): Expectation => ({ kind: 'refused', statuses });
export const failed = (msg: RegExp): Expectation => ({ kind: 'failed', msg });
export const done: Expectation = { kind: 'done' };
export const oneOf = (...options: Expectation[]): Expectation => ({ kind: 'oneOf', options });

/** The messages frame-extractor gives, in the user's words. */
export const MESSAGES = {
  imageCorrupt: /^Failed to decode image\. The file is truncated or corrupt\.$/,
  imageTooLarge: /^Failed to decode image\. It exceeds the \d+(\.\d+)? megapixel limit\.$/,
  videoCorrupt: /^Failed to decode video\. The file is truncated or corrupt\.$/,
  videoTooLarge: /^Failed to decode video\. Its frames exceed the \d+(\.\d+)? megapixel limit\.$/,
  videoWithoutPicture: /^Failed to decode video\. The file has no video stream\.$/,
};

/** What a job's answer is, reduced to what expectations are written in. */
export type Outcome = { kind: 'refused'; status: number } | { kind: 'failed'; msg: string } | { kind: 'done' } | { kind: 'stuck' };

export function meets(outcome: Outcome, expectation: Expectation): boolean {
  switch (expectation.kind) {
    case 'refused':
      return outcome.kind === 'refused' && expectation.statuses.includes(outcome.status);
    case 'failed':
      return outcome.kind === 'failed' && expectation.msg.test(outcome.msg);
    case 'done':
      return outcome.kind === 'done';
    case 'oneOf':
      return expectation.options.some((e) => meets(outcome, e));
  }
}

export function describeExpectation(e: Expectation): string {
  switch (e.kind) {
    case 'refused':
      return `refused with ${e.statuses.join('/')}`;
    case 'failed':
      return `failed with msg ${String(e.msg)}`;
    case 'done':
      return 'done';
    case 'oneOf':
      return e.options.map(describeExpectation).join(' or ');
  }
}
