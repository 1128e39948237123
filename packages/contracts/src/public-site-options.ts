// The public forms' option lists, apart from their schemas (public-site.ts) so that the pages
// showing the options do not load zod.

/** Spec 3 §5 option lists. */
export const practiceTypes = [
  'dental',
  'medical',
  'aesthetic',
  'dermatology',
  'orthopedic',
  'other',
] as const;
export const teamSizes = ['1-5', '6-15', '16-50', '50+'] as const;
export const contactSubjects = [
  'demo',
  'pricing',
  'technical',
  'partnership',
  'integration',
  'other',
] as const;
/** The six open positions on /careers; an application names one of them. */
export const jobPositionIds = [
  'senior-full-stack-engineer',
  'ml-engineer',
  'product-designer',
  'customer-success-manager',
  'clinic-sales-executive',
  'compliance-specialist',
] as const;
