import { Button, Paper, SimpleGrid, Title } from '@mantine/core';
import { type Icon, IconClipboardList, IconSettings, IconStar, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/routes';

const actions: { key: 'patients' | 'cases' | 'reviews' | 'settings'; to: string; icon: Icon }[] = [
  { key: 'patients', to: paths.patients, icon: IconUsers },
  { key: 'cases', to: paths.cases, icon: IconClipboardList },
  { key: 'reviews', to: paths.reviews, icon: IconStar },
  { key: 'settings', to: paths.settings, icon: IconSettings },
];

export function QuickActions() {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="quick-actions-heading">
      <Title order={2} size="h4" id="quick-actions-heading" mb="sm">
        {t('quickActions.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {actions.map((action) => (
          <Button
            key={action.key}
            component={Link}
            to={action.to}
            variant="default"
            justify="flex-start"
            leftSection={<action.icon size={18} aria-hidden="true" />}
          >
            {t(`quickActions.${action.key}`)}
          </Button>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
