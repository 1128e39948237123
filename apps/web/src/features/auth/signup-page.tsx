import { authMessages, mapSignUpError, validateSignUpInput } from '@careloop/domain/auth-messages';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { Alert, Anchor, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PasswordField } from '../../components/password-field';
import { authClient } from '../../lib/auth-client';
import { translateDomainMessage } from '../../lib/domain-messages';
import { showInfo, showSuccess } from '../../lib/notifications';
import { paths } from '../../lib/routes';
import { AuthCard } from './components/auth-card';
import { FormError } from './components/form-error';
import { buildSignUpRequest, type SignUpFields } from './signup.utils';

type SignupStatus = 'idle' | 'submitting' | 'error' | 'success' | 'checkEmail';

const emptyFields: SignUpFields = { firstName: '', lastName: '', email: '', practiceName: '', password: '' };

export function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const session = authClient.useSession();
  const [fields, setFields] = useState<SignUpFields>(emptyFields);
  const [status, setStatus] = useState<SignupStatus>('idle');
  const [error, setError] = useState<DomainMessage | null>(null);

  const update = (name: keyof SignUpFields) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setFields((current) => ({ ...current, [name]: value }));
  };

  const fail = (message: DomainMessage) => {
    setError(message);
    setStatus('error');
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateSignUpInput(fields);
    if (invalid) return fail(invalid);
    setError(null);
    setStatus('submitting');
    try {
      const { data, error: failure } = await authClient.signUp.email(buildSignUpRequest(fields));
      if (failure) return fail(mapSignUpError(failure));
      if (data?.token) {
        setStatus('success');
        showSuccess({ title: t('signup.accountCreated') });
        await session.refetch();
        navigate(paths.dashboard, { replace: true });
        return;
      }
      setStatus('checkEmail');
      showInfo({ title: t('signup.checkEmailTitle') });
    } catch {
      fail(authMessages.unexpected);
    }
  };

  if (status === 'checkEmail') {
    return (
      <AuthCard title={t('signup.checkEmailTitle')}>
        <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden="true" />} role="status">
          {t('signup.checkEmailMessage', { email: fields.email.trim() })}
        </Alert>
        <Button component={Link} to={paths.login} variant="default">
          {t('signup.loginLink')}
        </Button>
      </AuthCard>
    );
  }

  const isBusy = status === 'submitting' || status === 'success';

  return (
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <form onSubmit={handleSubmit} noValidate aria-busy={isBusy}>
        <Stack gap="md">
          <FormError message={error ? translateDomainMessage(t, error) : null} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('fields.firstName')}
              autoComplete="given-name"
              value={fields.firstName}
              onChange={update('firstName')}
              withAsterisk
            />
            <TextInput
              label={t('fields.lastName')}
              description={t('signup.lastNameHint')}
              autoComplete="family-name"
              value={fields.lastName}
              onChange={update('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={update('email')}
            withAsterisk
          />
          <TextInput
            label={t('fields.practiceName')}
            autoComplete="organization"
            value={fields.practiceName}
            onChange={update('practiceName')}
            withAsterisk
          />
          <PasswordField
            label={t('fields.password')}
            description={t('signup.passwordHint')}
            autoComplete="new-password"
            value={fields.password}
            onChange={update('password')}
            withAsterisk
          />
          <Button type="submit" fullWidth loading={isBusy}>
            {t('signup.submit')}
          </Button>
          <Text ta="center" fz="sm">
            {t('signup.haveAccount')}{' '}
            <Anchor component={Link} to={paths.login}>
              {t('signup.loginLink')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
