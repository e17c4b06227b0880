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

  it('rejects a HIGH hash-bank match as known content, and names the other HIGH categories', () => {
    const d = decide([
      { name: 'KNOWN_HARMFUL', risk_level: 'HIGH', triggered_by: 'bank:bank_1' },
      { name: 'SEXUAL', risk_level: 'HIGH', triggered_by: 'adult_content' },
      { name: 'DRUGS', risk_level: 'LOW', triggered_by: 'pills' },
    ]);
    expect(d).toMatchObject({ decision: 'reject', decision_type: 'fully_automated', reject_reasons: ['known_content_match', 'high_risk_sexual'] });
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
