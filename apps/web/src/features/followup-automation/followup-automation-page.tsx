import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAdjustments, IconClipboardCheck, IconSend, IconWorldUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useCurrentUser } from '../../lib/current-user';
import { AutomationSettingsTab } from './components/automation-settings-tab';
import { ProductionSetupTab } from './components/production-setup-tab';
import { SetupInstructionsCard } from './components/setup-instructions-card';
import { SystemTestTab } from './components/system-test-tab';
import { TestMessagingTab } from './components/test-messaging-tab';
import { type FollowupTab, followupTabs, parseFollowupTab } from './followup-automation.utils';

const tabIcons = {
  test: IconSend,
  settings: IconAdjustments,
  systemTest: IconClipboardCheck,
  production: IconWorldUpload,
} as const;

/** AI Follow-Up Automation (spec 2 §2): the Setup Instructions card and four tabs (`?tab=`). */
export function FollowupAutomationPage() {
  const { t } = useTranslation('followup');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseFollowupTab(searchParams.get('tab'));
  const me = useCurrentUser();

  const handleTab = (value: string | null) => {
    const next = parseFollowupTab(value);
    setSearchParams(next === 'test' ? {} : { tab: next }, { replace: true });
  };

  const panels: Record<FollowupTab, (clinicId: string) => React.ReactNode> = {
    test: (clinicId) => <TestMessagingTab clinicId={clinicId} />,
    settings: () => <AutomationSettingsTab />,
    systemTest: () => <SystemTestTab />,
    production: () => <ProductionSetupTab />,
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.subtitle')}</Text>
      </Stack>
      <QueryState query={me} errorTitle={t('page.loadError')}>
        {(member) => (
          <>
            {member.clinic.sandboxMode ? (
              <Alert color="blue" variant="light">
                {t('page.sandbox')}
              </Alert>
            ) : null}
            <SetupInstructionsCard />
            {member.role === 'staff' ? (
              <Alert color="yellow" title={t('forbidden.title')}>
                {t('forbidden.message')}
              </Alert>
            ) : (
              <Tabs value={tab} onChange={handleTab} keepMounted={false}>
                <Tabs.List aria-label={t('page.tabsLabel')}>
                  {followupTabs.map((value) => {
                    const TabIcon = tabIcons[value];
                    return (
                      <Tabs.Tab
                        key={value}
                        value={value}
                        leftSection={<TabIcon size={16} aria-hidden="true" />}
                      >
                        {t(`tabs.${value}`)}
                      </Tabs.Tab>
                    );
                  })}
                </Tabs.List>
                {followupTabs.map((value) => (
                  <Tabs.Panel key={value} value={value} pt="lg">
                    {panels[value](member.clinic.id)}
                  </Tabs.Panel>
                ))}
              </Tabs>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
