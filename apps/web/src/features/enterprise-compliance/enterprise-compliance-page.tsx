import { canUseCompliance, complianceMessages } from '@careloop/domain/compliance';
import { Alert, Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { translateDomainMessage } from '../../lib/domain-messages';
import { paths } from '../../lib/routes';
import { useComplianceSummary } from './api/get-compliance-summary';
import { AuditLogPanel } from './components/audit-log-panel';
import { BaaPanel } from './components/baa-panel';
import { PatientDataPanel } from './components/patient-data-panel';
import { RetentionPanel } from './components/retention-panel';
import { SummaryPanel } from './components/summary-panel';

const tabs = ['audit', 'retention', 'patients', 'security', 'baa'] as const;

/** /enterprise-compliance: audit log, retention, patient export and erasure, security summary, BAA. */
export function EnterpriseCompliancePage() {
  const { t } = useTranslation(['enterprise', 'common']);
  const me = useCurrentUser();
  // The plan and role come with the session: the page asks for nothing it would be refused.
  const isLocked = me.data ? !canUseCompliance(me.data.clinic.subscriptionTier) : false;
  const isStaff = me.data?.role === 'staff';
  const summary = useComplianceSummary({ enabled: Boolean(me.data) && !isLocked && !isStaff });
  const refusal = summary.error instanceof ApiError && summary.error.status === 403 ? summary.error : null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <QueryState query={me} errorTitle={t('loadError')}>
        {(user) =>
          !canUseCompliance(user.clinic.subscriptionTier) || refusal?.code === 'PLAN_REQUIRED' ? (
            <Alert color="brand" icon={<IconLock size={18} aria-hidden="true" />} title={t('locked.title')}>
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{translateDomainMessage(t, complianceMessages.enterpriseRequired)}</Text>
                <Button component={Link} to={`${paths.settings}?tab=plan`} variant="light">
                  {t('locked.plans')}
                </Button>
              </Stack>
            </Alert>
          ) : user.role === 'staff' || refusal ? (
            <Alert
              color="brand"
              icon={<IconLock size={18} aria-hidden="true" />}
              title={t('managersOnly.title')}
            >
              <Text size="sm">{t('managersOnly.text')}</Text>
            </Alert>
          ) : (
            <QueryState query={summary} errorTitle={t('loadError')}>
              {(data) => (
                <Tabs defaultValue="audit" keepMounted={false}>
                  <Tabs.List>
                    {tabs.map((tab) => (
                      <Tabs.Tab key={tab} value={tab}>
                        {t(`tabs.${tab}`)}
                      </Tabs.Tab>
                    ))}
                  </Tabs.List>
                  <Tabs.Panel value="audit" pt="md">
                    <AuditLogPanel />
                  </Tabs.Panel>
                  <Tabs.Panel value="retention" pt="md">
                    <RetentionPanel />
                  </Tabs.Panel>
                  <Tabs.Panel value="patients" pt="md">
                    <PatientDataPanel />
                  </Tabs.Panel>
                  <Tabs.Panel value="security" pt="md">
                    <SummaryPanel summary={data} />
                  </Tabs.Panel>
                  <Tabs.Panel value="baa" pt="md">
                    <BaaPanel />
                  </Tabs.Panel>
                </Tabs>
              )}
            </QueryState>
          )
        }
      </QueryState>
    </Stack>
  );
}
