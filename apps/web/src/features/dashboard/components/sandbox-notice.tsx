import { Alert, Anchor, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/routes';

/** Says plainly, while the clinic is in sandbox mode, that nothing reaches real patients or providers. */
export function SandboxNotice({ canSwitchBack }: { canSwitchBack: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconFlask aria-hidden="true" />}
      title={t('sandboxNotice.title')}
      role="status"
    >
      <Text size="sm">{t('sandboxNotice.text')}</Text>
      {canSwitchBack ? (
        <Anchor component={Link} to={paths.settings} size="sm" fw={600}>
          {t('sandboxNotice.switchBack')}
        </Anchor>
      ) : null}
    </Alert>
  );
}
