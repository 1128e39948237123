import { paths } from '../lib/routes';

export const patientPath = `${paths.patients}/:id` as const;

/** The routes of the signed-in pages, in the router's table; their code is in signed-in-pages.tsx. */
export const signedInPagePaths = [
  paths.dashboard,
  paths.analytics,
  paths.patients,
  patientPath,
  paths.reviews,
  paths.cases,
  paths.conversations,
  paths.onboarding,
  paths.settings,
  paths.followUpAutomation,
  paths.accountSecurity,
  paths.adminLeads,
  paths.adminClientErrors,
  paths.testingChecklist,
  paths.monitoring,
  paths.securityHardening,
  paths.enterpriseCompliance,
] as const;

export type SignedInPagePath = (typeof signedInPagePaths)[number];
