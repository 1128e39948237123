import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { paths } from '../lib/routes';
import { patientPath, type SignedInPagePath } from './signed-in-page-paths';
import { withNamespaces } from './with-namespaces';

// The signed-in pages, each its own chunk loaded with its translations. This table loads with the
// signed-in area (app/router.tsx), so a public page's first load carries none of it.
const pages: Record<SignedInPagePath, LazyExoticComponent<ComponentType>> = {
  [paths.dashboard]: lazy(() =>
    withNamespaces(['dashboard'], () => import('../features/dashboard/dashboard-page')).then((m) => ({
      default: m.DashboardPage,
    })),
  ),
  [paths.reviews]: lazy(() =>
    withNamespaces(['reviews'], () => import('../features/reviews/reviews-page')).then((m) => ({
      default: m.ReviewsPage,
    })),
  ),
  [paths.patients]: lazy(() =>
    withNamespaces(['patients'], () => import('../features/patients/patients-page')).then((m) => ({
      default: m.PatientsPage,
    })),
  ),
  [patientPath]: lazy(() =>
    withNamespaces(['patients'], () => import('../features/patients/patient-page')).then((m) => ({
      default: m.PatientPage,
    })),
  ),
  [paths.conversations]: lazy(() =>
    withNamespaces(['conversations'], () => import('../features/conversations/conversations-page')).then(
      (m) => ({ default: m.ConversationsPage }),
    ),
  ),
  [paths.cases]: lazy(() =>
    withNamespaces(['cases'], () => import('../features/cases/cases-page')).then((m) => ({
      default: m.CasesPage,
    })),
  ),
  // The template editor in step 4 shows the templates and plans namespaces.
  [paths.onboarding]: lazy(() =>
    withNamespaces(
      ['onboarding', 'templates', 'plans'],
      () => import('../features/onboarding/onboarding-page'),
    ).then((m) => ({ default: m.OnboardingPage })),
  ),
  // Clinic Settings show credential errors, and the template editor its namespaces.
  [paths.settings]: lazy(() =>
    withNamespaces(
      ['settings', 'credentials', 'templates', 'plans'],
      () => import('../features/settings/settings-page'),
    ).then((m) => ({ default: m.SettingsPage })),
  ),
  [paths.followUpAutomation]: lazy(() =>
    withNamespaces(
      ['followup'],
      () => import('../features/followup-automation/followup-automation-page'),
    ).then((m) => ({ default: m.FollowupAutomationPage })),
  ),
  [paths.accountSecurity]: lazy(() =>
    withNamespaces(['account', 'auth'], () => import('../features/account/account-security-page')).then(
      (m) => ({
        default: m.AccountSecurityPage,
      }),
    ),
  ),
  [paths.adminLeads]: lazy(() =>
    withNamespaces(['operators'], () => import('../features/operators/leads-page')).then((m) => ({
      default: m.LeadsPage,
    })),
  ),
  [paths.testingChecklist]: lazy(() =>
    withNamespaces(['testing'], () => import('../features/testing-checklist/testing-checklist-page')).then(
      (m) => ({ default: m.TestingChecklistPage }),
    ),
  ),
  [paths.monitoring]: lazy(() =>
    withNamespaces(['monitoring'], () => import('../features/monitoring/monitoring-page')).then((m) => ({
      default: m.MonitoringPage,
    })),
  ),
  [paths.securityHardening]: lazy(() =>
    withNamespaces(
      ['hardening'],
      () => import('../features/security-hardening/security-hardening-page'),
    ).then((m) => ({ default: m.SecurityHardeningPage })),
  ),
  [paths.enterpriseCompliance]: lazy(() =>
    withNamespaces(
      ['enterprise', 'plans'],
      () => import('../features/enterprise-compliance/enterprise-compliance-page'),
    ).then((m) => ({ default: m.EnterpriseCompliancePage })),
  ),
};

/** The signed-in page of a route of the router's table (`signedInPagePaths`). */
export function SignedInPage({ path }: { path: SignedInPagePath }) {
  const Page = pages[path];
  return <Page />;
}
