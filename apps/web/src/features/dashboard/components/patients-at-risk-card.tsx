import { Anchor, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocaleNumber } from '../../../i18n/use-locale-number';
import { paths } from '../../../lib/routes';
import { usePatientsAtRisk } from '../api/get-patients-at-risk';

/** The patients list filtered to those at risk, highest first. */
const patientsAtRiskPath = `${paths.patients}?risk=at_risk&sort=risk`;

/** How many patients are at high or medium risk now, linking to them. */
export function PatientsAtRiskCard() {
  const { t } = useTranslation(['dashboard', 'common']);
  const atRisk = usePatientsAtRisk();
  const formatNumber = useLocaleNumber();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="patients-at-risk-heading">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" id="patients-at-risk-heading" component="h2" fw={400} m={0}>
            {t('atRisk.title')}
          </Text>
          {atRisk.data ? (
            <>
              <Text fz={30} fw={700} lh={1.2} data-testid="patients-at-risk-total">
                {formatNumber(atRisk.data.total)}
              </Text>
              <Text size="sm" c="dimmed">
                {atRisk.data.total === 0
                  ? t('atRisk.none')
                  : t('atRisk.detail', { high: atRisk.data.high, medium: atRisk.data.medium })}
              </Text>
            </>
          ) : atRisk.isError ? (
            <Text size="sm" c="dimmed" role="status">
              {t('atRisk.loadError')}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('common:loading')}
            </Text>
          )}
          <Anchor component={Link} to={patientsAtRiskPath} size="sm" fw={500}>
            {t('atRisk.view')}
          </Anchor>
        </div>
        <ThemeIcon variant="light" color="orange" size="lg" radius="md" aria-hidden="true">
          <IconHeartbeat size={20} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
