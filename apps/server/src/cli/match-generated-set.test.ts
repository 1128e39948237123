import { describe, expect, it } from 'vitest';
import { generatedNegativeVariants, generatedVariants, generateMatchingSet } from './match-generated-set';
import { languagePools } from './match-name-pools';

describe('generateMatchingSet', () => {
  const set = generateMatchingSet({ perVariant: 20, patientsPerClinic: 400 });

  it('is the same set for the same seed, another for another seed', () => {
    const again = generateMatchingSet({ perVariant: 20, patientsPerClinic: 400 });
    expect(again.reviews).toEqual(set.reviews);
    expect(again.truth).toEqual(set.truth);
    const other = generateMatchingSet({ seed: 7, perVariant: 20, patientsPerClinic: 400 });
    expect(other.reviews).not.toEqual(set.reviews);
  });

  it('writes names in at least ten ways, with patients of at least six languages', () => {
    const variants = new Set(set.truth.map((line) => line.variant));
    const written = generatedVariants.filter((variant) => variants.has(variant));
    expect(written.length).toBeGreaterThanOrEqual(10);
    expect(new Set(languagePools.map((pool) => pool.language)).size).toBeGreaterThanOrEqual(6);
  });

  it('writes the forms a third held-back set showed, and ways of its own', () => {
    const byVariant = (variant: string) => set.truth.filter((line) => line.variant === variant);
    const reviewerOf = new Map(set.reviews.map((review) => [review.id, review.reviewerName]));
    const names = (variant: string) => byVariant(variant).map((line) => reviewerOf.get(line.review_id) ?? '');
    for (const variant of ['abbreviation', 'cross_language', 'run_together', 'place_words']) {
      expect(byVariant(variant).length, variant).toBeGreaterThan(0);
    }
    expect(names('run_together').every((name) => !/\s/.test(name))).toBe(true);
    expect(names('abbreviation').some((name) => /^\S+\.\s/.test(name))).toBe(true);
    expect(names('place_words').every((name) => name.split(/\s+/).length >= 3)).toBe(true);
  });

  it('has non-patients that look like patients, and expects them unmatched', () => {
    for (const variant of generatedNegativeVariants.filter((name) => name !== 'namesake_out_of_window')) {
      const lines = set.truth.filter((line) => line.variant === variant);
      expect(lines.length).toBe(20);
      expect(
        lines.every((line) => line.expected_status === 'unmatched' && line.author_patient_id === null),
      ).toBe(true);
    }
  });

  it('expects every patient-written review matched to its author, a patient of its clinic', () => {
    const clinicOf = new Map(
      [...set.patients].flatMap(([clinicId, list]) => list.map((p) => [p.id, clinicId])),
    );
    set.truth.forEach((line, at) => {
      if (line.author_patient_id === null) return;
      expect(line.expected_status).toBe('matched');
      expect(line.patient_id).toBe(line.author_patient_id);
      expect(clinicOf.get(line.author_patient_id)).toBe(set.reviews[at]?.clinicId);
    });
  });
});
