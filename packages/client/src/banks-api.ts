// Hash banks of known content and PDQ hashing (docs/api.md "Hash banks and PDQ").
import type { JsonAnswer, JsonBody } from './api-types.ts';
import { seg } from './path-segment.ts';
import { formBody, type Upload } from './submission-form.ts';
import type { Transport } from './transport.ts';

export type BankSpec = JsonBody<'/banks', 'post'>;
export type BankHashesOrVideos = JsonBody<'/banks/{bank_id}/content', 'post'>;
type AddedContent = JsonAnswer<'/banks/{bank_id}/content', 'post', 201>;

/** Content to bank: an image (hashed with its crops, not kept), PDQ hashes or vPDQ videos as JSON, or CSV text. */
export type BankContentInput = { file: Upload; note?: string } | { url: string; note?: string } | { json: BankHashesOrVideos } | { csv: string; note?: string };

export class BanksApi {
  constructor(private readonly transport: Transport) {}

  create(spec: BankSpec): Promise<JsonAnswer<'/banks', 'post', 201>> {
    return this.transport.body('POST', '/banks', { json: spec });
  }

  list(): Promise<JsonAnswer<'/banks', 'get', 200>> {
    return this.transport.body('GET', '/banks');
  }

  async delete(bankId: string): Promise<void> {
    await this.transport.call('DELETE', `/banks/${seg(bankId)}`);
  }

  addContent(bankId: string, content: BankContentInput): Promise<AddedContent> {
    const path = `/banks/${seg(bankId)}/content`;
    if ('json' in content) return this.transport.body('POST', path, { json: content.json });
    // A CSV body that is one video's vPDQ file takes its note from the query.
    if ('csv' in content) return this.transport.body('POST', path, { body: content.csv, contentType: 'text/csv', query: { note: content.note } });
    const file = 'file' in content ? content.file : undefined;
    const url = 'url' in content ? content.url : undefined;
    return this.transport.body('POST', path, { body: formBody({ url, note: content.note }, file) });
  }

  content(bankId: string, contentId: string): Promise<JsonAnswer<'/banks/{bank_id}/content/{content_id}', 'get', 200>> {
    return this.transport.body('GET', `/banks/${seg(bankId)}/content/${seg(contentId)}`);
  }

  async deleteContent(bankId: string, contentId: string): Promise<void> {
    await this.transport.call('DELETE', `/banks/${seg(bankId)}/content/${seg(contentId)}`);
  }

  /** One banked video's vPDQ file, as text (post it back as `{ csv }` to bank it again). */
  contentVpdq(bankId: string, contentId: string): Promise<string> {
    return this.transport.body('GET', `/banks/${seg(bankId)}/content/${seg(contentId)}/vpdq`, { answer: 'text' });
  }

  /** The bank as CSV: pictures and hashes, or (`vpdq`) the videos as HMA signal strings. */
  export(bankId: string, signalType: 'pdq' | 'vpdq' = 'pdq'): Promise<string> {
    return this.transport.body('GET', `/banks/${seg(bankId)}/export`, { answer: 'text', query: { signal_type: signalType === 'vpdq' ? 'vpdq' : undefined } });
  }

  /** POST /hash: the PDQ hash of an image, at once. */
  hashImage(file: Upload): Promise<JsonAnswer<'/hash', 'post', 200>> {
    return this.transport.body('POST', '/hash', { body: formBody({}, file) });
  }

  /** POST /hash/video: a job whose finished items result lists every analysed frame's hash. */
  hashVideo(file: Upload): Promise<JsonAnswer<'/hash/video', 'post', 202>> {
    return this.transport.body('POST', '/hash/video', { body: formBody({}, file) });
  }
}
