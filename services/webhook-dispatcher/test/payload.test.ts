import { describe, expect, it } from 'vitest';
import { UNKNOWN_FAILURE, buildWebhookBody, webhookEnvelope } from '../src/payload.ts';
import { makeJob } from './fixtures.ts';

describe('buildWebhookBody', () => {
  it('policy job: exact compact bytes with policy_categories, metadata and url under data.result', () => {
    const body = buildWebhookBody(makeJob());
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(body.toString('utf8')).toBe(
      '{"data":{"job_id":"job_123","callback_url":"https://hooks.example.com/cb?order=42&tag=a%20b","is_error":false,' +
        '"result":{"policy_categories":[' +
        '{"name":"SEXUAL","description":"Adult and sexual content","risk_level":"HIGH","score":0.93},' +
        '{"name":"ARMS_AMMO","description":"Weapons and firearms","risk_level":"MEDIUM","score":0.61}],' +
        '"metadata":{"width":1280,"height":720,"fps":30,"duration":12.5,"seconds_processed":12.5},' +
        '"url":"https://media.example.com/v.mp4"}}}',
    );
  });

  it('items job: every result group, url and metadata', () => {
    const results = {
      violence: { violence: 0.1, firearm: 0.02, knife: null, violent_knife: null },
      nsfw: { adult_content: 0.01 },
      caption_language_toxicity: { toxicity: 0.5 },
      url: 'photo.jpg',
    };
    const job = makeJob({
      product: 'items',
      media: 'image',
      results,
      url: 'photo.jpg',
      metadata: { width: 640, height: 480, fps: 0, duration: 0, seconds_processed: 0 },
    });
    const parsed = JSON.parse(buildWebhookBody(job).toString());
    expect(parsed).toEqual({
      data: {
        job_id: 'job_123',
        callback_url: 'https://hooks.example.com/cb?order=42&tag=a%20b',
        is_error: false,
        result: {
          violence: { violence: 0.1, firearm: 0.02, knife: null, violent_knife: null },
          nsfw: { adult_content: 0.01 },
          caption_language_toxicity: { toxicity: 0.5 },
          url: 'photo.jpg',
          metadata: { width: 640, height: 480, fps: 0, duration: 0, seconds_processed: 0 },
        },
      },
    });
  });

  it('failed job: is_error true and result holds only the error text', () => {
    const job = makeJob({ status: 'failed', results: null, msg: 'Failed to decode video.' });
    expect(buildWebhookBody(job).toString()).toBe(
      '{"data":{"job_id":"job_123","callback_url":"https://hooks.example.com/cb?order=42&tag=a%20b","is_error":true,' +
        '"result":{"error":"Failed to decode video."}}}',
    );
    expect(webhookEnvelope(makeJob({ status: 'failed', msg: null })).data.result).toEqual({ error: UNKNOWN_FAILURE });
  });

  it('keeps the callback URL exactly as given (query, encoding, fragment-free)', () => {
    const cb = 'http://receiver.example:8080/hook/?x=1&x=2&redirect=%2Fa%3Fb%3Dc&empty=';
    expect(webhookEnvelope(makeJob({ callbackUrl: cb })).data.callback_url).toBe(cb);
  });

  it('uses the job url when results carry none, and metadata null when none was measured', () => {
    const job = makeJob({ results: { policy_categories: [] }, metadata: null, url: 'upload.png' });
    expect(webhookEnvelope(job).data.result).toEqual({ policy_categories: [], metadata: null, url: 'upload.png' });
  });

  it('drops policy result fields that are not part of the webhook result', () => {
    const job = makeJob({ results: { policy_categories: [], url: 'u', internal: 1 } });
    expect(Object.keys(webhookEnvelope(job).data.result)).toEqual(['policy_categories', 'metadata', 'url']);
  });

  it('refuses a job that has not finished', () => {
    expect(() => buildWebhookBody(makeJob({ status: 'queued', results: null }))).toThrow(/only sent for a finished job/);
  });
});
