import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/query-state';
import { useCurrentUser } from '../../lib/current-user';
import { useDashboardSummary } from './api/get-dashboard-summary';
import { usePatientsAtRisk } from './api/get-patients-at-risk';
import { AttentionPanel } from './components/attention-panel';
import { OnboardingBanner } from './components/onboarding-banner';
import { PatientsAtRiskCard } from './components/patients-at-risk-card';
import { QuickActions } from './components/quick-actions';
import { SandboxNotice } from './components/sandbox-notice';
import { StatCards } from './components/stat-cards';
import { SystemStatusPanel } from './components/system-status-panel';
import { WeeklyCharts } from './components/weekly-charts';

/** Overview of the clinic: counts from one server-side summary, what needs attention, and trends. */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { data } = useCurrentUser();
  const summary = useDashboardSummary();
  // Asked beside the summary, not after it: its card shows only once the summary has come.
  usePatientsAtRisk();
  const firstName = data?.user.firstName?.trim() || data?.user.name.split(' ')[0] || '';
  const clinic = data?.clinic.name ?? '';

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('title')}</Title>
        {data ? (
          <Text c="dimmed">
            {firstName ? t('welcome', { name: firstName, clinic }) : t('welcomeNoName', { clinic })}
          </Text>
        ) : null}
      </Stack>

      {data?.clinic.sandboxMode ? <SandboxNotice canSwitchBack={data.role === 'owner'} /> : null}

      <OnboardingBanner canManage={data?.role === 'owner' || data?.role === 'admin'} />

      <QueryState query={summary} errorTitle={t('loadError')}>
        {(loaded) => (
          <>
            <StatCards summary={loaded} />
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
              <PatientsAtRiskCard />
            </SimpleGrid>
            <AttentionPanel summary={loaded} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              <QuickActions />
              <SystemStatusPanel summary={loaded} />
            </SimpleGrid>
            <WeeklyCharts weekly={loaded.weekly} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
