import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateDomainMessage } from '../../../lib/domain-messages';
import { useLocalizedPath } from '../../../lib/localized-path';
import { paths } from '../../../lib/routes';
import type { InvitationProblem } from '../signup.utils';
import { AuthCard } from './auth-card';

type InvitationProblemCardProps = {
  problem: InvitationProblem;
  isRetrying: boolean;
  onRetry: () => void;
};

/** An invitation link that cannot be used: the server's reason, and where to go instead. */
export function InvitationProblemCard({ problem, isRetrying, onRetry }: InvitationProblemCardProps) {
  const localize = useLocalizedPath();
  const { t } = useTranslation(['auth', 'common']);
  return (
    <AuthCard title={t('signup.invitation.problemTitle')}>
      <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {problem.kind === 'invalid'
              ? translateDomainMessage(t, problem.message)
              : t('signup.invitation.unavailable')}
          </Text>
          {problem.kind === 'unavailable' ? (
            <Button variant="light" color="red" size="xs" onClick={onRetry} loading={isRetrying}>
              {t('common:actions.tryAgain')}
            </Button>
          ) : null}
        </Stack>
      </Alert>
      {problem.kind === 'invalid' ? <Text size="sm">{t('signup.invitation.askAgain')}</Text> : null}
      <Group gap="md" wrap="wrap">
        <Anchor component={Link} to={localize(paths.login)}>
          {t('signup.loginLink')}
        </Anchor>
        <Anchor component={Link} to={localize(paths.signup)}>
          {t('signup.invitation.ownClinic')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}
