import type { MeResponse } from '@careloop/contracts/me';
import { useTranslation } from 'react-i18next';
import { ManagersOnlyNotice } from '../../components/managers-only-notice';
import { QueryState } from '../../components/query-state';
import { useUsage } from './api/get-usage';
import { PlanSection } from './components/plan-section';

/** Plan & usage: every member sees the usage; only owners change the plan. */
export function PlanPanel({ me }: { me: MeResponse }) {
  const { t } = useTranslation('settings');
  const usage = useUsage();
  return (
    <QueryState query={usage} errorTitle={t('page.loadError')} forbidden={<ManagersOnlyNotice />}>
      {(data) => <PlanSection usage={data} canChangePlan={me.role === 'owner'} />}
    </QueryState>
  );
}
