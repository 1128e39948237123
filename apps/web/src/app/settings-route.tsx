import { Stack } from '@mantine/core';
import { ApiClientsPanel } from '../features/api-clients/api-clients-panel';
import { PlanPanel } from '../features/billing/plan-panel';
import { SettingsPage, type SettingsPanels } from '../features/settings/settings-page';
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
  return <SettingsPage panels={panels} />;
}
