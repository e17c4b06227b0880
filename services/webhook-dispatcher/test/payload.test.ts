import { describe, expect, it } from 'vitest';
import { CLASS_GROUPS, emptyScores, type ClassGroup } from '@modsvc/common/classes';
import { parseWebhookPayload, type ItemsResult, type PolicyResult } from '@modsvc/common/domain/index';
import { UNKNOWN_FAILURE, buildWebhookBody, webhookEnvelope } from '../src/payload.ts';
import { makeJob } from './fixtures.ts';

const POLICY_RESULTS: PolicyResult = {
  policy_categories: [
    { name: 'SEXUAL', description: 'Adult and sexual content', score: 0.93, risk_level: 'HIGH', triggered_by: 'adult_content' },
    { name: 'ARMS_AMMO', description: 'Weapons and firearms', score: 0.61, risk_level: 'MEDIUM', triggered_by: 'knife' },
  ],
  url: 'https://media.example.com/v.mp4',
  tier: 'standard',
  policy_table_version: 'standard-2026-11-22',
};

const scores = <G extends ClassGroup>(group: G) => emptyScores(CLASS_GROUPS[group]);

const ITEMS_RESULTS: ItemsResult = {
  violence: { ...scores('violence'), violence: 0.1, firearm: 0.02 },
  substances: scores('substances'),
  nsfw: { ...scores('nsfw'), adult_content: 0.01 },
  hate_symbols: scores('hate_symbols'),
  visual_content: scores('visual_content'),
  other: scores('other'),
  caption_language_toxicity: { ...scores('caption_language_toxicity'), toxicity: 0.5 },
  url: 'photo.jpg',
  evidence: {},
  uncalibrated: ['adult_content'],
  ocr: null,
  speech: null,
  models: ['heads@2', 'toxicity@1.1.0'],
};

describe('buildWebhookBody', () => {
  it('policy job: exact compact bytes with policy_categories, metadata and url under data.result', () => {
    const body = buildWebhookBody(makeJob({ results: POLICY_RESULTS }));
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(body.toString('utf8')).toBe(
      '{"data":{"job_id":"job_123","callback_url":"https://hooks.example.com/cb?order=42&tag=a%20b","is_error":false,' +
        '"result":{"policy_categories":[' +
        '{"name":"SEXUAL","description":"Adult and sexual content","score":0.93,"risk_level":"HIGH","triggered_by":"adult_content"},' +
        '{"name":"ARMS_AMMO","description":"Weapons and firearms","score":0.61,"risk_level":"MEDIUM","triggered_by":"knife"}],' +
        '"metadata":{"width":1280,"height":720,"fps":30,"duration":12.5,"seconds_processed":12.5},' +
        '"url":"https://media.example.com/v.mp4"}}}',
    );
  });

  it('items job: every result field as stored, then url and metadata', () => {
    const job = makeJob({
      product: 'items',
      media: 'image',
      results: ITEMS_RESULTS,
      url: 'photo.jpg',
      metadata: { width: 640, height: 480, fps: 0, duration: 0, seconds_processed: 0 },
    });
    const { url, ...fields } = ITEMS_RESULTS;
    const parsed = JSON.parse(buildWebhookBody(job).toString());
    expect(parsed).toEqual({
      data: {
        job_id: 'job_123',
        callback_url: 'https://hooks.example.com/cb?order=42&tag=a%20b',
        is_error: false,
        result: { ...fields, url, metadata: { width: 640, height: 480, fps: 0, duration: 0, seconds_processed: 0 } },
      },
    });
    expect(Object.keys(parsed.data.result).slice(-3)).toEqual(['models', 'url', 'metadata']);
  });

  it('failed job: is_error true and result holds only the error text', () => {
    const job = makeJob({ status: 'failed', results: null, msg: 'Failed to decode video.' });
    expect(buildWebhookBody(job).toString()).toBe(
      '{"data":{"job_id":"job_123","callback_url":"https://hooks.example.com/cb?order=42&tag=a%20b","is_error":true,' +
        '"result":{"error":"Failed to decode video."}}}',
    );
    expect(webhookEnvelope(makeJob({ status: 'failed', results: null, msg: null })).data.result).toEqual({ error: UNKNOWN_FAILURE });
  });

  it('every payload fits the published webhook schema', () => {
    const jobs = [
      makeJob({ results: POLICY_RESULTS }),
      makeJob({ results: POLICY_RESULTS, metadata: null }),
      makeJob({ product: 'items', results: ITEMS_RESULTS }),
      makeJob({ status: 'failed', results: null, msg: 'Failed to decode video.' }),
    ];
    for (const job of jobs) expect(parseWebhookPayload(JSON.parse(buildWebhookBody(job).toString()))).toEqual(webhookEnvelope(job));
  });

  it('keeps the callback URL exactly as given (query, encoding, fragment-free)', () => {
    const cb = 'http://receiver.example:8080/hook/?x=1&x=2&redirect=%2Fa%3Fb%3Dc&empty=';
    expect(webhookEnvelope(makeJob({ callbackUrl: cb, results: POLICY_RESULTS })).data.callback_url).toBe(cb);
  });

  it('metadata is null when none was measured', () => {
    const job = makeJob({ results: { ...POLICY_RESULTS, policy_categories: [] }, metadata: null });
    expect(webhookEnvelope(job).data.result).toEqual({ policy_categories: [], metadata: null, url: 'https://media.example.com/v.mp4' });
  });

  it('leaves the policy result fields that are not part of the webhook result (tier, table version) out', () => {
    expect(Object.keys(webhookEnvelope(makeJob({ results: POLICY_RESULTS })).data.result)).toEqual(['policy_categories', 'metadata', 'url']);
  });

  it('refuses a job that has not finished, and one without a callback_url', () => {
    expect(() => buildWebhookBody(makeJob({ status: 'queued', results: null }))).toThrow(/only sent for a finished job/);
    expect(() => buildWebhookBody(makeJob({ callbackUrl: null, results: POLICY_RESULTS }))).toThrow(/no callback_url/);
  });
});
