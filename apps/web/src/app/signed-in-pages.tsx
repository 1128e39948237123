import { lazy } from 'react';
import { loadPage, type PageModule } from '../lib/lazy-page';
import { paths } from '../lib/routes';
import { patientPath, type SignedInPagePath } from './signed-in-page-paths';

// The signed-in pages, each its own chunk loaded with its translations. This table loads with the
// signed-in area (app/router.tsx), so a public page's first load carries none of it.
const loaders: Record<SignedInPagePath, () => Promise<PageModule>> = {
  [paths.dashboard]: loadPage(
    ['dashboard'],
    () => import('../features/dashboard/dashboard-page'),
    'DashboardPage',
  ),
  // Procedure names are the patients namespace's; the locked-feature message the plans'.
  [paths.analytics]: loadPage(
    ['analytics', 'patients', 'plans'],
    () => import('../features/analytics/analytics-page'),
    'AnalyticsPage',
  ),
  [paths.reviews]: loadPage(['reviews'], () => import('../features/reviews/reviews-page'), 'ReviewsPage'),
  [paths.patients]: loadPage(
    ['patients'],
    () => import('../features/patients/patients-page'),
    'PatientsPage',
  ),
  [patientPath]: loadPage(['patients'], () => import('../features/patients/patient-page'), 'PatientPage'),
  [paths.conversations]: loadPage(
    ['conversations'],
    () => import('../features/conversations/conversations-page'),
    'ConversationsPage',
  ),
  [paths.cases]: loadPage(['cases'], () => import('../features/cases/cases-page'), 'CasesPage'),
  // The template editor in step 4 shows the templates and plans namespaces.
  [paths.onboarding]: loadPage(
    ['onboarding', 'templates', 'plans'],
    () => import('../features/onboarding/onboarding-page'),
    'OnboardingPage',
  ),
  // Clinic Settings show credential errors, and the template editor its namespaces.
  [paths.settings]: loadPage(
    ['settings', 'credentials', 'templates', 'plans', 'surveys', 'branding'],
    () => import('./settings-route'),
    'SettingsRoute',
  ),
  [paths.followUpAutomation]: loadPage(
    ['followup'],
    () => import('../features/followup-automation/followup-automation-page'),
    'FollowupAutomationPage',
  ),
  [paths.accountSecurity]: loadPage(
    ['account', 'auth'],
    () => import('../features/account/account-security-page'),
    'AccountSecurityPage',
  ),
  [paths.adminLeads]: loadPage(['operators'], () => import('../features/operators/leads-page'), 'LeadsPage'),
  [paths.adminClientErrors]: loadPage(
    ['operators'],
    () => import('../features/operators/client-errors-page'),
    'ClientErrorsPage',
  ),
  [paths.testingChecklist]: loadPage(
    ['testing'],
    () => import('../features/testing-checklist/testing-checklist-page'),
    'TestingChecklistPage',
  ),
  [paths.monitoring]: loadPage(
    ['monitoring', 'audit'],
    () => import('../features/monitoring/monitoring-page'),
    'MonitoringPage',
  ),
  [paths.securityHardening]: loadPage(
    ['hardening'],
    () => import('../features/security-hardening/security-hardening-page'),
    'SecurityHardeningPage',
  ),
  [paths.enterpriseCompliance]: loadPage(
    ['enterprise', 'plans', 'audit'],
    () => import('../features/enterprise-compliance/enterprise-compliance-page'),
    'EnterpriseCompliancePage',
  ),
};

/** Each loader runs once: a page asked for early (`preloadSignedInPage`) is the one React shows. */
function once(load: () => Promise<PageModule>): () => Promise<PageModule> {
  let loading: Promise<PageModule> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}

const pageLoaders = Object.fromEntries(
  Object.entries(loaders).map(([path, load]) => [path, once(load)]),
) as Record<SignedInPagePath, () => Promise<PageModule>>;

const pages = Object.fromEntries(
  Object.entries(pageLoaders).map(([path, load]) => [path, lazy(load)]),
) as Record<SignedInPagePath, ReturnType<typeof lazy>>;

/**
 * Starts loading the page at `pathname` (when it is a page of its own, not a pattern such as a
 * patient's) beside the shell, rather than once the shell has the signed-in user.
 */
export function preloadSignedInPage(pathname: string): void {
  const load = (pageLoaders as Record<string, (() => Promise<PageModule>) | undefined>)[pathname];
  load?.().catch(() => undefined);
}

/** The signed-in page of a route of the router's table (`signedInPagePaths`). */
export function SignedInPage({ path }: { path: SignedInPagePath }) {
  const Page = pages[path];
  return <Page />;
}
