/**
 * The map stage's rules as data and its fitted weights (issue 19): every rule carries its evidence, the
 * committed weights fit the features the engine computes, and each weight keeps the sign the fit
 * projects onto (more evidence never lowers a confidence).
 */
import { describe, expect, it } from 'vitest';
import { CAPS, FLOORS, ROLE_RULES, VETOES, combineEvidence } from '../../../../server/census/map';
import { EVIDENCE_FEATURES, FEATURE_SIGNS } from '../../../../server/census/map/evidence';
import { FITTED_WEIGHTS } from '../../../../server/census/map/weights';

describe('map rules as data', () => {
  it('every veto, cap, floor and role rule says its evidence', () => {
    for (const rule of [...VETOES, ...CAPS, ...FLOORS, ...ROLE_RULES]) expect(rule.evidence.length).toBeGreaterThan(20);
  });

  it('the committed weights are those of the features the engine computes, each with its sign', () => {
    expect([...FITTED_WEIGHTS.features]).toEqual([...EVIDENCE_FEATURES]);
    expect(FITTED_WEIGHTS.weights).toHaveLength(EVIDENCE_FEATURES.length);
    FITTED_WEIGHTS.weights.forEach((w, i) => expect(FEATURE_SIGNS[i] * w).toBeGreaterThanOrEqual(0));
  });

  it('no evidence scores 0; more header or value evidence never scores less', () => {
    expect(combineEvidence(0, undefined)).toBe(0);
    expect(combineEvidence(0, { fit: 0, strength: 0.9, strict: true })).toBe(0);
    const profile = { fit: 0.9, strength: 0.6, strict: true };
    let last = 0;
    for (const h of [0, 0.3, 0.6, 0.9, 1]) {
      const s = combineEvidence(h, profile);
      expect(s).toBeGreaterThanOrEqual(last);
      last = s;
    }
    expect(combineEvidence(0.6, { fit: 1, strength: 0.9, strict: true })).toBeGreaterThan(combineEvidence(0.6, { fit: 1, strength: 0.3, strict: true }));
  });
});
