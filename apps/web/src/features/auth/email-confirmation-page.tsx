import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BrandLogo } from '../../components/brand-mark';
import { LanguageSwitcher } from '../../components/language-switcher';
import { authClient } from '../../lib/auth-client';
import { useLocalizedPath } from '../../lib/localized-path';
import { paths } from '../../lib/routes';
import {
  type ConfirmationState,
  confirmationRedirectDelayMs,
  readConfirmationParams,
} from './email-confirmation.utils';

const errorText: Record<Exclude<ConfirmationState, 'loading' | 'success'>, ParseKeys<'auth'>> = {
  invalidLink: 'emailConfirmation.invalidLink',
  failed: 'emailConfirmation.failed',
  unexpected: 'emailConfirmation.unexpected',
};

type EmailConfirmationPageProps = {
  /** How long the success message stays before going to the dashboard. */
  redirectDelayMs?: number;
};

/** Landing page of the e-mail confirmation link: verifies the token, then goes to the dashboard. */
export function EmailConfirmationPage({
  redirectDelayMs = confirmationRedirectDelayMs,
}: EmailConfirmationPageProps) {
  const localize = useLocalizedPath();
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const session = authClient.useSession();
  const token = readConfirmationParams(searchParams)?.token ?? null;
  const [state, setState] = useState<ConfirmationState>(token ? 'loading' : 'invalidLink');
  const verifiedToken = useRef<string | null>(null);
  const refetchSession = session.refetch;

  useEffect(() => {
    if (!token) {
      setState('invalidLink');
      return;
    }
    // A token works once: never send it twice (StrictMode runs effects twice in development).
    if (verifiedToken.current === token) return;
    verifiedToken.current = token;
    setState('loading');
    authClient
      .verifyEmail({ query: { token } })
      .then(async ({ error }) => {
        if (error) {
          setState('failed');
          return;
        }
        // The server signs the user in on verification; load that session for the route guard.
        await refetchSession();
        setState('success');
      })
      .catch(() => setState('unexpected'));
  }, [token, refetchSession]);

  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(() => navigate(paths.dashboard, { replace: true }), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [state, navigate, redirectDelayMs]);

  return (
    <Stack mih="100vh" justify="space-between" gap={0} bg="gray.0">
      <Group justify="space-between" p="md" component="header">
        <Anchor component={Link} to={localize(paths.home)} underline="never" aria-label="CareLoop">
          <BrandLogo />
        </Anchor>
        <LanguageSwitcher />
      </Group>
      <Center component="main" px="md" py="xl">
        <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={480}>
          <Stack gap="lg" align="center" ta="center">
            <Title order={1} fz="h2">
              {t('emailConfirmation.title')}
            </Title>
            {state === 'loading' ? (
              <Stack align="center" gap="sm" role="status" aria-live="polite">
                <Loader aria-hidden="true" />
                <Text>{t('emailConfirmation.loading')}</Text>
              </Stack>
            ) : null}
            {state === 'success' ? (
              <Stack gap="md" w="100%">
                <Alert
                  color="green"
                  variant="light"
                  icon={<IconCircleCheck aria-hidden="true" />}
                  role="status"
                >
                  <Text fw={600}>{t('emailConfirmation.success')}</Text>
                  <Text fz="sm">{t('emailConfirmation.redirecting')}</Text>
                </Alert>
                <Button component={Link} to={localize(paths.dashboard)}>
                  {t('emailConfirmation.goToDashboard')}
                </Button>
              </Stack>
            ) : null}
            {state !== 'loading' && state !== 'success' ? (
              <Stack gap="md" w="100%">
                <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                  {t(errorText[state])}
                </Alert>
                <Group justify="center">
                  <Button component={Link} to={localize(paths.signup)}>
                    {t('emailConfirmation.tryAgain')}
                  </Button>
                  <Button component={Link} to={localize(paths.help)} variant="default">
                    {t('emailConfirmation.contactSupport')}
                  </Button>
                </Group>
              </Stack>
            ) : null}
          </Stack>
        </Paper>
      </Center>
      <Group component="footer" justify="center" gap="lg" p="md">
        <Anchor component={Link} to={localize(paths.privacy)} fz="sm">
          {t('emailConfirmation.privacy')}
        </Anchor>
        <Anchor component={Link} to={localize(paths.terms)} fz="sm">
          {t('emailConfirmation.terms')}
        </Anchor>
      </Group>
    </Stack>
  );
}
