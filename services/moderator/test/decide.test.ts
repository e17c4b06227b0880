import { describe, expect, it } from 'vitest';
import { decide } from '../src/service.ts';

describe('virtual moderator decision', () => {
  it('rejects automatically on any HIGH category', () => {
    expect(decide([{ name: 'SEXUAL', risk_level: 'HIGH' }, { name: 'DRUGS', risk_level: 'MEDIUM' }])).toMatchObject({
      decision: 'reject',
      decision_type: 'fully_automated',
      escalate: false,
    });
  });

  it('escalates MEDIUM categories to human review with reasons', () => {
    expect(decide([{ name: 'HATE_SPEECH', risk_level: 'MEDIUM' }, { name: 'DRUGS', risk_level: 'LOW' }])).toEqual({
      decision: 'review',
      decision_type: 'escalated',
      escalate: true,
      escalate_reasons: ['medium_risk_hate_speech'],
    });
  });

  it('approves when nothing is above LOW', () => {
    expect(decide([{ name: 'SEXUAL', risk_level: 'NONE' }])).toMatchObject({ decision: 'approve', escalate: false });
  });
});
