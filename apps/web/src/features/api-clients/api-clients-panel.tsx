import { useTranslation } from 'react-i18next';
import { ManagersOnlyNotice } from '../../components/managers-only-notice';
import { QueryState } from '../../components/query-state';
import { useApiClients } from './api/get-api-clients';
import { ApiClientsSection } from './components/api-clients-section';

/** API clients of the clinic (owners and admins). */
export function ApiClientsPanel() {
  const { t } = useTranslation('settings');
  const clients = useApiClients();
  return (
    <QueryState query={clients} errorTitle={t('page.loadError')} forbidden={<ManagersOnlyNotice />}>
      {(data) => <ApiClientsSection data={data} />}
    </QueryState>
  );
}
