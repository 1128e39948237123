import { authMessages } from '@careloop/domain/auth-messages';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authClient } from '../../lib/auth-client';
import { translateDomainMessage } from '../../lib/domain-messages';
import { useLocalizedPath } from '../../lib/localized-path';
import { paths } from '../../lib/routes';
import { AuthCard } from './components/auth-card';
import { FormError } from './components/form-error';

const emailRequired = { key: 'auth.validation.emailRequired', message: 'Please enter your email address' };

export function ForgotPasswordPage() {
  const localize = useLocalizedPath();
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isSent, setIsSent] = useState(false);
  const [error, setError] = useState<DomainMessage | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim() === '') return setError(emailRequired);
    setError(null);
    setIsSubmitting(true);
    try {
      // The answer is the same whether or not the account exists, so nobody can probe for accounts.
      await authClient.requestPasswordReset({ email: email.trim(), redirectTo: paths.resetPassword });
      setIsSent(true);
    } catch {
      setError(authMessages.unexpected);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('forgot.title')} subtitle={isSent ? undefined : t('forgot.subtitle')}>
      {isSent ? (
        <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden="true" />} role="status">
          {t('forgot.sent')}
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} noValidate aria-busy={isSubmitting}>
          <Stack gap="md">
            <FormError message={error ? translateDomainMessage(t, error) : null} />
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              withAsterisk
            />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={localize(paths.login)} ta="center" fz="sm">
        {t('forgot.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
