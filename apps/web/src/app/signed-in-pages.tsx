import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../lib/lazy-page';
import { paths } from '../lib/routes';
import { patientPath, type SignedInPagePath } from './signed-in-page-paths';

// The signed-in pages, each its own chunk loaded with its translations. This table loads with the
// signed-in area (app/router.tsx), so a public page's first load carries none of it.
const pages: Record<SignedInPagePath, LazyExoticComponent<ComponentType>> = {
  [paths.dashboard]: lazyPage(
    ['dashboard'],
    () => import('../features/dashboard/dashboard-page'),
    'DashboardPage',
  ),
  // Procedure names are the patients namespace's; the locked-feature message the plans'.
  [paths.analytics]: lazyPage(
    ['analytics', 'patients', 'plans'],
    () => import('../features/analytics/analytics-page'),
    'AnalyticsPage',
  ),
  [paths.reviews]: lazyPage(['reviews'], () => import('../features/reviews/reviews-page'), 'ReviewsPage'),
  [paths.patients]: lazyPage(
    ['patients'],
    () => import('../features/patients/patients-page'),
    'PatientsPage',
  ),
  [patientPath]: lazyPage(['patients'], () => import('../features/patients/patient-page'), 'PatientPage'),
  [paths.conversations]: lazyPage(
    ['conversations'],
    () => import('../features/conversations/conversations-page'),
    'ConversationsPage',
  ),
  [paths.cases]: lazyPage(['cases'], () => import('../features/cases/cases-page'), 'CasesPage'),
  // The template editor in step 4 shows the templates and plans namespaces.
  [paths.onboarding]: lazyPage(
    ['onboarding', 'templates', 'plans'],
    () => import('../features/onboarding/onboarding-page'),
    'OnboardingPage',
  ),
  // Clinic Settings show credential errors, and the template editor its namespaces.
  [paths.settings]: lazyPage(
    ['settings', 'credentials', 'templates', 'plans', 'surveys', 'branding'],
    () => import('./settings-route'),
    'SettingsRoute',
  ),
  [paths.followUpAutomation]: lazyPage(
    ['followup'],
    () => import('../features/followup-automation/followup-automation-page'),
    'FollowupAutomationPage',
  ),
  [paths.accountSecurity]: lazyPage(
    ['account', 'auth'],
    () => import('../features/account/account-security-page'),
    'AccountSecurityPage',
  ),
  [paths.adminLeads]: lazyPage(['operators'], () => import('../features/operators/leads-page'), 'LeadsPage'),
  [paths.adminClientErrors]: lazyPage(
    ['operators'],
    () => import('../features/operators/client-errors-page'),
    'ClientErrorsPage',
  ),
  [paths.testingChecklist]: lazyPage(
    ['testing'],
    () => import('../features/testing-checklist/testing-checklist-page'),
    'TestingChecklistPage',
  ),
  [paths.monitoring]: lazyPage(
    ['monitoring'],
    () => import('../features/monitoring/monitoring-page'),
    'MonitoringPage',
  ),
  [paths.securityHardening]: lazyPage(
    ['hardening'],
    () => import('../features/security-hardening/security-hardening-page'),
    'SecurityHardeningPage',
  ),
  [paths.enterpriseCompliance]: lazyPage(
    ['enterprise', 'plans'],
    () => import('../features/enterprise-compliance/enterprise-compliance-page'),
    'EnterpriseCompliancePage',
  ),
};

/** The signed-in page of a route of the router's table (`signedInPagePaths`). */
export function SignedInPage({ path }: { path: SignedInPagePath }) {
  const Page = pages[path];
  return <Page />;
}
