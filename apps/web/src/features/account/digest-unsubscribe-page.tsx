import { Alert, Anchor, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BrandLogo } from '../../components/brand-mark';
import { LanguageSwitcher } from '../../components/language-switcher';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/routes';
import { unsubscribeFromDigest } from './api/unsubscribe-from-digest';

type State = 'ready' | 'busy' | 'done' | 'invalid' | 'failed';

/**
 * The Daily Digest's unsubscribe link: no sign-in, one button (a link scanner that opens the page
 * does not unsubscribe anyone); mail clients' one-click unsubscribe posts to the API directly.
 */
export function DigestUnsubscribePage() {
  const { t } = useTranslation('account');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<State>(token ? 'ready' : 'invalid');

  const unsubscribe = () => {
    setState('busy');
    unsubscribeFromDigest(token)
      .then(() => setState('done'))
      .catch((error: unknown) =>
        setState(error instanceof ApiError && error.status === 400 ? 'invalid' : 'failed'),
      );
  };

  return (
    <Stack mih="100vh" justify="space-between" gap={0} bg="gray.0">
      <Group justify="space-between" p="md" component="header">
        <Anchor component={Link} to={paths.home} underline="never" aria-label="CareLoop">
          <BrandLogo />
        </Anchor>
        <LanguageSwitcher />
      </Group>
      <Center component="main" px="md" py="xl">
        <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={480}>
          <Stack gap="lg">
            <Title order={1} fz="h2" ta="center">
              {t('unsubscribe.title')}
            </Title>
            {state === 'ready' || state === 'busy' ? (
              <>
                <Text>{t('unsubscribe.question')}</Text>
                <Button onClick={unsubscribe} loading={state === 'busy'}>
                  {t('unsubscribe.confirm')}
                </Button>
              </>
            ) : null}
            {state === 'done' ? (
              <Alert
                color="green"
                variant="light"
                icon={<IconCircleCheck aria-hidden="true" />}
                role="status"
              >
                <Text fw={600}>{t('unsubscribe.done')}</Text>
                <Text fz="sm">
                  {t('unsubscribe.turnBackOn')}{' '}
                  <Anchor component={Link} to={paths.accountSecurity} fz="sm">
                    {t('unsubscribe.accountLink')}
                  </Anchor>
                </Text>
              </Alert>
            ) : null}
            {state === 'invalid' || state === 'failed' ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                {t(state === 'invalid' ? 'unsubscribe.invalid' : 'unsubscribe.failed')}
              </Alert>
            ) : null}
          </Stack>
        </Paper>
      </Center>
      <div />
    </Stack>
  );
}
