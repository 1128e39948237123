import { Alert, Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconApi, IconBuildingHospital, IconChartBar, IconMessage2, IconUsers } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { SandboxModeCard } from '../../components/sandbox-mode-card';
import { useCurrentUser } from '../../lib/current-user';
import { useApiClients } from './api/get-api-clients';
import { useSettings } from './api/get-settings';
import { useTeam } from './api/get-team';
import { useTemplates } from './api/get-templates';
import { useUsage } from './api/get-usage';
import { useWebhookEndpoints } from './api/get-webhook-endpoints';
import { AiReviewResponseSection } from './components/ai-review-response-section';
import { ApiClientsSection } from './components/api-clients-section';
import { CategorySection } from './components/category-section';
import { HowItWorks } from './components/how-it-works';
import { ManagersOnlyNotice } from './components/managers-only-notice';
import { PlanSection } from './components/plan-section';
import { ProfileSection } from './components/profile-section';
import { SecuritySection } from './components/security-section';
import { SmsSection } from './components/sms-section';
import { TeamSection } from './components/team-section';
import { TemplatesSection } from './components/templates-section';
import { TrustpilotSection } from './components/trustpilot-section';
import { WebhookEndpointsSection } from './components/webhook-endpoints-section';
import { WhatsAppSection } from './components/whatsapp-section';
import {
  canManageClinic,
  isForbidden,
  parseSettingsTab,
  type SettingsTab,
  settingsTabs,
} from './settings.utils';

const tabIcons = {
  clinic: IconBuildingHospital,
  templates: IconMessage2,
  team: IconUsers,
  api: IconApi,
  plan: IconChartBar,
} as const;

/**
 * A tab another feature adds (the app composes them: features do not import each other), shown to
 * owners and admins; staff see the managers-only notice in it.
 */
export type ExtraSettingsTab = {
  value: string;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: 'true' }>;
  content: ReactNode;
};

/** Clinic Settings, Message templates, Team, API and Plan & usage, one tab each (`?tab=`); staff see the managers-only notice. */
export function SettingsPage({ extraTabs = [] }: { extraTabs?: readonly ExtraSettingsTab[] }) {
  const { t } = useTranslation('settings');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = extraTabs.find((extra) => extra.value === requested)?.value ?? parseSettingsTab(requested);
  const me = useCurrentUser();

  const handleTab = (value: string | null) => {
    const next = extraTabs.find((extra) => extra.value === value)?.value ?? parseSettingsTab(value);
    setSearchParams(next === 'clinic' ? {} : { tab: next }, { replace: true });
  };

  const panel = (value: SettingsTab, content: ReactNode) => (
    <Tabs.Panel value={value} pt="lg">
      {content}
    </Tabs.Panel>
  );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.subtitle')}</Text>
      </Stack>
      {me.data ? (
        <Tabs value={tab} onChange={handleTab} keepMounted={false}>
          <Tabs.List aria-label={t('page.tabsLabel')}>
            {settingsTabs.map((value) => {
              const TabIcon = tabIcons[value];
              return (
                <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} aria-hidden="true" />}>
                  {t(`tabs.${value}`)}
                </Tabs.Tab>
              );
            })}
            {extraTabs.map((extra) => (
              <Tabs.Tab
                key={extra.value}
                value={extra.value}
                leftSection={<extra.icon size={16} aria-hidden="true" />}
              >
                {extra.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {canManageClinic(me.data.role) ? (
            <>
              {panel('clinic', <ClinicPanel />)}
              {panel('templates', <TemplatesPanel />)}
              {panel('team', <TeamPanel userId={me.data.user.id} role={me.data.role} />)}
              {panel('api', <ApiPanel />)}
            </>
          ) : (
            (['clinic', 'templates', 'team', 'api'] as const).map((value) => (
              <Tabs.Panel key={value} value={value} pt="lg">
                <ManagersOnlyNotice />
              </Tabs.Panel>
            ))
          )}
          {panel('plan', <PlanPanel isOwner={me.data.role === 'owner'} />)}
          {extraTabs.map((extra) => (
            <Tabs.Panel key={extra.value} value={extra.value} pt="lg">
              {canManageClinic(me.data.role) ? extra.content : <ManagersOnlyNotice />}
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : me.isError ? (
        <LoadError onRetry={() => void me.refetch()} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Alert color="red" title={t('page.loadError')}>
      <Button variant="light" color="red" onClick={onRetry}>
        {t('common:actions.tryAgain')}
      </Button>
    </Alert>
  );
}

/** A query's data, the managers-only notice on 403 (the role changed meanwhile), or a retry. */
function Loaded<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: unknown; isError: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (isForbidden(query.error)) return <ManagersOnlyNotice />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return <PageLoader />;
}

function ClinicPanel() {
  const { t } = useTranslation('settings');
  const settings = useSettings();
  return (
    <Loaded query={settings}>
      {(data) => (
        <Stack gap="lg">
          {data.clinic.sandboxMode ? (
            <Alert color="blue" variant="light">
              {t('page.sandbox')}
            </Alert>
          ) : null}
          <CategorySection settings={data} />
          <ProfileSection settings={data} />
          <TrustpilotSection settings={data} />
          <WhatsAppSection settings={data} />
          <SmsSection settings={data} />
          <AiReviewResponseSection settings={data} />
          <SecuritySection settings={data} />
          <SandboxModeCard />
          <HowItWorks />
        </Stack>
      )}
    </Loaded>
  );
}

function TemplatesPanel() {
  const templates = useTemplates();
  return <Loaded query={templates}>{(data) => <TemplatesSection data={data} />}</Loaded>;
}

function TeamPanel({ userId, role }: { userId: string; role: 'owner' | 'admin' | 'staff' }) {
  const team = useTeam();
  return <Loaded query={team}>{(data) => <TeamSection team={data} me={{ userId, role }} />}</Loaded>;
}

/** API clients of the clinic (owners and admins). */
function ApiPanel() {
  const clients = useApiClients();
  const endpoints = useWebhookEndpoints();
  return (
    <Stack gap="xl">
      <Loaded query={clients}>{(data) => <ApiClientsSection data={data} />}</Loaded>
      <Loaded query={endpoints}>{(data) => <WebhookEndpointsSection data={data} />}</Loaded>
    </Stack>
  );
}

/** Plan & usage: every member sees the usage; only owners change the plan. */
function PlanPanel({ isOwner }: { isOwner: boolean }) {
  const usage = useUsage();
  return <Loaded query={usage}>{(data) => <PlanSection usage={data} canChangePlan={isOwner} />}</Loaded>;
}
