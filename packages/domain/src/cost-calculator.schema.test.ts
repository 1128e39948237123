import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  costCalculatorLimits,
  costCalculatorValues,
  defaultCostCalculatorInput,
  regions,
} from './cost-calculator';
import { costCalculatorInputSchema } from './cost-calculator.schema';
import { planTiers } from './plans';

describe('costCalculatorInputSchema', () => {
  it('gives the calculator defaults', () => {
    expect(costCalculatorInputSchema.parse({})).toEqual(defaultCostCalculatorInput);
  });

  it('accepts and rejects exactly what the calculator does', () => {
    const around = ({ min, max }: { min: number; max: number }) =>
      fc.oneof(fc.integer({ min: min - 2, max: max + 2 }), fc.constant(min + 0.5), fc.constant(undefined));
    fc.assert(
      fc.property(
        fc.record({
          patients: around(costCalculatorLimits.patients),
          messagesPerPatient: around(costCalculatorLimits.messagesPerPatient),
          whatsappSharePercent: around(costCalculatorLimits.whatsappSharePercent),
          plan: fc.constantFrom(...planTiers, 'premium', undefined),
          region: fc.constantFrom(...regions, 'mars', undefined),
        }),
        (input) => {
          const parsed = costCalculatorInputSchema.safeParse(input);
          let values: unknown = null;
          try {
            values = costCalculatorValues(input as Parameters<typeof costCalculatorValues>[0]);
          } catch (error) {
            expect(error).toBeInstanceOf(RangeError);
          }
          expect(parsed.success ? parsed.data : null).toEqual(values);
        },
      ),
    );
  });
});
