// The cost calculator's inputs as a schema (for a request body), apart from the calculator
// (cost-calculator.ts) so that the public cost calculator page does not load zod.
import { z } from 'zod';
import { costCalculatorLimits, defaultCostCalculatorInput, regions } from './cost-calculator';
import { planTiers } from './plans';

const boundedInt = (limits: { min: number; max: number }, fallback: number) =>
  z.number().int().min(limits.min).max(limits.max).default(fallback);

export const costCalculatorInputSchema = z.object({
  patients: boundedInt(costCalculatorLimits.patients, defaultCostCalculatorInput.patients),
  messagesPerPatient: boundedInt(
    costCalculatorLimits.messagesPerPatient,
    defaultCostCalculatorInput.messagesPerPatient,
  ),
  whatsappSharePercent: boundedInt(
    costCalculatorLimits.whatsappSharePercent,
    defaultCostCalculatorInput.whatsappSharePercent,
  ),
  plan: z.enum(planTiers).default(defaultCostCalculatorInput.plan),
  region: z.enum(regions).default(defaultCostCalculatorInput.region),
});
