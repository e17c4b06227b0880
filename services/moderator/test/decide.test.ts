import { describe, expect, it } from 'vitest';
import { decide } from '../src/service.ts';

describe('virtual moderator decision', () => {
  it('rejects automatically on any HIGH category', () => {
    expect(decide([{ name: 'SEXUAL', risk_level: 'HIGH', score: 0.9 }, { name: 'DRUGS', risk_level: 'MEDIUM', score: 0.6 }])).toMatchObject({
      decision: 'reject',
      decision_type: 'fully_automated',
      escalate: false,
    });
  });

  it('escalates MEDIUM categories to human review with reasons', () => {
    expect(decide([{ name: 'HATE_SPEECH', risk_level: 'MEDIUM', score: 0.6 }, { name: 'DRUGS', risk_level: 'LOW', score: 0.3 }])).toEqual({
      decision: 'review',
      decision_type: 'escalated',
      escalate: true,
      escalate_reasons: ['medium_risk_hate_speech'],
    });
  });

  it('approves when nothing is above LOW', () => {
    expect(decide([{ name: 'SEXUAL', risk_level: 'NONE', score: 0.01 }])).toMatchObject({ decision: 'approve', escalate: false });
  });
});
