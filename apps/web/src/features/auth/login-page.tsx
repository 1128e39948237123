import { authMessages, mapSignInError, validateSignInInput } from '@careloop/domain/auth-messages';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { PasswordField } from '../../components/password-field';
import { authClient } from '../../lib/auth-client';
import { translateDomainMessage } from '../../lib/domain-messages';
import { useLocalizedPath } from '../../lib/localized-path';
import { showSuccess } from '../../lib/notifications';
import { paths } from '../../lib/routes';
import { takeSignOutReason } from '../../lib/session-end';
import { usePageMeta } from '../../public/components/use-page-meta';
import { AuthCard } from './components/auth-card';
import { FormError } from './components/form-error';
import { isTotpCode, mapTotpError, normalizeTotpCode } from './two-factor.utils';

type LoginStatus = 'idle' | 'submitting' | 'error' | 'success';
type LoginStep = 'credentials' | 'totp';

function isTwoFactorRedirect(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    'twoFactorRedirect' in data &&
    data.twoFactorRedirect === true
  );
}

export function LoginPage() {
  const localize = useLocalizedPath();
  const { t } = useTranslation('auth');
  usePageMeta(t('login.metaTitle'), t('login.metaDescription'));
  const navigate = useNavigate();
  const [signOutReason] = useState(takeSignOutReason);
  const session = authClient.useSession();
  const [step, setStep] = useState<LoginStep>('credentials');
  const [status, setStatus] = useState<LoginStatus>('idle');
  const [error, setError] = useState<DomainMessage | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const fail = (message: DomainMessage) => {
    setError(message);
    setStatus('error');
  };

  const finishSignIn = async () => {
    setStatus('success');
    showSuccess({ title: t('login.welcomeBack') });
    // Load the new session before leaving, so the route guard does not see the stale signed-out one.
    await session.refetch();
    navigate(paths.dashboard, { replace: true });
  };

  const handleCredentials = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateSignInInput({ email, password });
    if (invalid) return fail(invalid);
    setError(null);
    setStatus('submitting');
    try {
      const { data, error: failure } = await authClient.signIn.email({ email: email.trim(), password });
      if (failure) return fail(mapSignInError(failure));
      if (isTwoFactorRedirect(data)) {
        setStep('totp');
        setStatus('idle');
        return;
      }
      await finishSignIn();
    } catch {
      fail(authMessages.unexpected);
    }
  };

  const handleTotp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isTotpCode(code)) {
      return fail({ key: 'auth.validation.codeRequired', message: 'Please enter the 6-digit code' });
    }
    setError(null);
    setStatus('submitting');
    try {
      const { error: failure } = await authClient.twoFactor.verifyTotp({ code: normalizeTotpCode(code) });
      if (failure) return fail(mapTotpError(failure));
      await finishSignIn();
    } catch {
      fail(authMessages.unexpected);
    }
  };

  if (session.data && status !== 'success') return <Navigate to={localize(paths.dashboard)} replace />;

  const isBusy = status === 'submitting' || status === 'success';
  const errorText = error ? translateDomainMessage(t, error) : null;

  if (step === 'totp') {
    return (
      <AuthCard title={t('twoFactor.title')} subtitle={t('twoFactor.description')}>
        <form onSubmit={handleTotp} noValidate aria-busy={isBusy}>
          <Stack gap="md">
            <FormError message={errorText} />
            <TextInput
              label={t('fields.code')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              withAsterisk
              autoFocus
            />
            <Button type="submit" fullWidth loading={isBusy}>
              {t('twoFactor.submit')}
            </Button>
            <Button
              variant="subtle"
              onClick={() => {
                setStep('credentials');
                setCode('');
                setError(null);
                setStatus('idle');
              }}
            >
              {t('twoFactor.back')}
            </Button>
          </Stack>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={handleCredentials} noValidate aria-busy={isBusy}>
        <Stack gap="md">
          {signOutReason === 'idle' ? (
            <Alert color="blue" variant="light" role="status">
              {t('login.signedOutIdle')}
            </Alert>
          ) : null}
          <FormError message={errorText} />
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            withAsterisk
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            withAsterisk
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={localize(paths.forgotPassword)} fz="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={isBusy}>
            {t('login.submit')}
          </Button>
          <Text ta="center" fz="sm">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to={localize(paths.signup)}>
              {t('login.signupLink')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
