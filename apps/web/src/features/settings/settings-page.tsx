import type { MeResponse } from '@careloop/contracts/me';
import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconApi, IconBuildingHospital, IconChartBar, IconMessage2, IconUsers } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ManagersOnlyNotice } from '../../components/managers-only-notice';
import { QueryState } from '../../components/query-state';
import { SandboxModeCard } from '../../components/sandbox-mode-card';
import { canManageClinic } from '../../lib/clinic-roles';
import { useCurrentUser } from '../../lib/current-user';
import { useSettings } from './api/get-settings';
import { useTemplates } from './api/get-templates';
import { AiReviewResponseSection } from './components/ai-review-response-section';
import { CategorySection } from './components/category-section';
import { HowItWorks } from './components/how-it-works';
import { ProfileSection } from './components/profile-section';
import { SecuritySection } from './components/security-section';
import { SmsSection } from './components/sms-section';
import { TemplatesSection } from './components/templates-section';
import { TrustpilotSection } from './components/trustpilot-section';
import { WhatsAppSection } from './components/whatsapp-section';
import { parseSettingsTab, type SettingsTab, settingsTabs } from './settings.utils';

/** A tab's content owned by another feature, given the signed-in member. */
type PanelComponent = ComponentType<{ me: MeResponse }>;

/** The tabs other features fill in (the app composes them, features do not import each other). */
export type SettingsPanels = { team: PanelComponent; api: PanelComponent; plan: PanelComponent };

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
export function SettingsPage({
  panels,
  extraTabs = [],
}: {
  panels: SettingsPanels;
  extraTabs?: readonly ExtraSettingsTab[];
}) {
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
      <QueryState query={me} errorTitle={t('page.loadError')}>
        {(user) => (
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
            {canManageClinic(user.role) ? (
              <>
                {panel('clinic', <ClinicPanel />)}
                {panel('templates', <TemplatesPanel />)}
                {panel('team', <panels.team me={user} />)}
                {panel('api', <panels.api me={user} />)}
              </>
            ) : (
              (['clinic', 'templates', 'team', 'api'] as const).map((value) => (
                <Tabs.Panel key={value} value={value} pt="lg">
                  <ManagersOnlyNotice />
                </Tabs.Panel>
              ))
            )}
            {panel('plan', <panels.plan me={user} />)}
            {extraTabs.map((extra) => (
              <Tabs.Panel key={extra.value} value={extra.value} pt="lg">
                {canManageClinic(user.role) ? extra.content : <ManagersOnlyNotice />}
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </QueryState>
    </Stack>
  );
}

function ClinicPanel() {
  const { t } = useTranslation('settings');
  const settings = useSettings();
  return (
    <QueryState query={settings} errorTitle={t('page.loadError')} forbidden={<ManagersOnlyNotice />}>
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
    </QueryState>
  );
}

function TemplatesPanel() {
  const { t } = useTranslation('settings');
  const templates = useTemplates();
  return (
    <QueryState query={templates} errorTitle={t('page.loadError')} forbidden={<ManagersOnlyNotice />}>
      {(data) => <TemplatesSection data={data} />}
    </QueryState>
  );
}
