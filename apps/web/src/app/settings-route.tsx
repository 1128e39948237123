import { Stack } from '@mantine/core';
import { IconList, IconPalette, IconStars } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiClientsPanel } from '../features/api-clients/api-clients-panel';
import { PlanPanel } from '../features/billing/plan-panel';
import { BrandingPanel } from '../features/branding/components/branding-panel';
import { ProceduresPanel } from '../features/patients/components/procedures-panel';
import { SettingsPage, type SettingsPanels } from '../features/settings/settings-page';
import { SurveySettingsPanel } from '../features/surveys/components/survey-settings-panel';
import { TeamPanel } from '../features/team/team-panel';
import { WebhookEndpointsPanel } from '../features/webhooks/webhook-endpoints-panel';

/** The API tab: the clinic's API clients, then its webhook endpoints. */
function ApiPanel() {
  return (
    <Stack gap="xl">
      <ApiClientsPanel />
      <WebhookEndpointsPanel />
    </Stack>
  );
}

const panels: SettingsPanels = { team: TeamPanel, api: ApiPanel, plan: PlanPanel };

/** The settings page with the tabs other features own (features do not import each other). */
export function SettingsRoute() {
  const { t } = useTranslation(['surveys', 'branding', 'patients']);
  return (
    <SettingsPage
      panels={panels}
      extraTabs={[
        { value: 'surveys', label: t('surveys:tab'), icon: IconStars, content: <SurveySettingsPanel /> },
        { value: 'branding', label: t('branding:tab'), icon: IconPalette, content: <BrandingPanel /> },
        {
          value: 'procedures',
          label: t('patients:procedureSettings.tab'),
          icon: IconList,
          content: <ProceduresPanel />,
        },
      ]}
    />
  );
}
