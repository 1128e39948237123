import {
  type AuthFailure,
  authMessages,
  checkPasswordLength,
  mapPasswordError,
} from '@careloop/domain/auth-messages';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PasswordField } from '../../components/password-field';
import { authClient } from '../../lib/auth-client';
import { translateDomainMessage } from '../../lib/domain-messages';
import { useLocalizedPath } from '../../lib/localized-path';
import { paths } from '../../lib/routes';
import { AuthCard } from './components/auth-card';
import { FormError } from './components/form-error';

const invalidLink = {
  key: 'auth.reset.invalidLink',
  message: 'This password reset link is invalid or has expired. Please request a new one.',
} as const;

function mapResetError(failure: AuthFailure): DomainMessage {
  if (failure.code === 'INVALID_TOKEN') return invalidLink;
  const passwordProblem = mapPasswordError(failure);
  if (passwordProblem) return passwordProblem;
  const message = failure.message?.trim();
  return message ? { key: 'auth.errors.server', message } : authMessages.unexpected;
}

export function ResetPasswordPage() {
  const localize = useLocalizedPath();
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  // better-auth sends the user back with ?error=INVALID_TOKEN when the link is stale.
  const hasLinkError = params.has('error') || !token;
  const [password, setPassword] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const [error, setError] = useState<DomainMessage | null>(hasLinkError ? invalidLink : null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return setError(invalidLink);
    const tooShortOrLong = checkPasswordLength(password);
    if (tooShortOrLong) return setError(tooShortOrLong);
    setError(null);
    setIsSubmitting(true);
    try {
      const { error: failure } = await authClient.resetPassword({ newPassword: password, token });
      if (failure) setError(mapResetError(failure));
      else setIsDone(true);
    } catch {
      setError(authMessages.unexpected);
    } finally {
      setIsSubmitting(false);
    }
  };

  if (isDone) {
    return (
      <AuthCard title={t('reset.title')}>
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />} role="status">
          {t('reset.success')}
        </Alert>
        <Button component={Link} to={localize(paths.login)}>
          {t('reset.goToLogin')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')}>
      <form onSubmit={handleSubmit} noValidate aria-busy={isSubmitting}>
        <Stack gap="md">
          <FormError message={error ? translateDomainMessage(t, error) : null} />
          {hasLinkError ? (
            <Button component={Link} to={localize(paths.forgotPassword)} variant="default">
              {t('reset.requestNew')}
            </Button>
          ) : (
            <>
              <PasswordField
                label={t('fields.newPassword')}
                description={t('signup.passwordHint')}
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                withAsterisk
              />
              <Button type="submit" fullWidth loading={isSubmitting}>
                {t('reset.submit')}
              </Button>
            </>
          )}
        </Stack>
      </form>
      <Anchor component={Link} to={localize(paths.login)} ta="center" fz="sm">
        {t('reset.goToLogin')}
      </Anchor>
    </AuthCard>
  );
}
