import { useTranslation } from 'react-i18next';
import { ManagersOnlyNotice } from '../../components/managers-only-notice';
import { QueryState } from '../../components/query-state';
import { useWebhookEndpoints } from './api/get-webhook-endpoints';
import { WebhookEndpointsSection } from './components/webhook-endpoints-section';

/** Webhook endpoints of the clinic with their delivery logs (owners and admins). */
export function WebhookEndpointsPanel() {
  const { t } = useTranslation('settings');
  const endpoints = useWebhookEndpoints();
  return (
    <QueryState query={endpoints} errorTitle={t('page.loadError')} forbidden={<ManagersOnlyNotice />}>
      {(data) => <WebhookEndpointsSection data={data} />}
    </QueryState>
  );
}
