import type { MeResponse } from '@careloop/contracts/me';
import { useTranslation } from 'react-i18next';
import { ManagersOnlyNotice } from '../../components/managers-only-notice';
import { QueryState } from '../../components/query-state';
import { useTeam } from './api/get-team';
import { TeamSection } from './components/team-section';

/** The Team tab of the settings: members and invitations (owners and admins). */
export function TeamPanel({ me }: { me: MeResponse }) {
  const { t } = useTranslation('settings');
  const team = useTeam();
  return (
    <QueryState query={team} errorTitle={t('page.loadError')} forbidden={<ManagersOnlyNotice />}>
      {(data) => <TeamSection team={data} me={{ userId: me.user.id, role: me.role }} />}
    </QueryState>
  );
}
