import { authMessages, mapSignUpError } from '@careloop/domain/auth-messages';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck, IconUsersGroup } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../components/password-field';
import { QueryState } from '../../components/query-state';
import { authClient } from '../../lib/auth-client';
import { translateDomainMessage } from '../../lib/domain-messages';
import { useLocalizedPath } from '../../lib/localized-path';
import { showInfo, showSuccess } from '../../lib/notifications';
import { paths } from '../../lib/routes';
import { usePageMeta } from '../../public/components/use-page-meta';
import { useInvitation } from './api/get-invitation';
import { AuthCard } from './components/auth-card';
import { FormError } from './components/form-error';
import { InvitationProblemCard } from './components/invitation-problem-card';
import {
  buildSignUpRequest,
  describeInvitationError,
  invalidInvitationMessage,
  isInvalidInvitationFailure,
  readInvitationToken,
  type SignUpFields,
  type SignUpInvitation,
  validateSignUpFields,
} from './signup.utils';

/**
 * /signup: a new clinic's owner creates the clinic, or, through an invitation link
 * (`?invitation=TOKEN`), a colleague joins the inviting clinic.
 */
export function SignupPage() {
  const { t } = useTranslation(['auth', 'common']);
  usePageMeta(t('signup.metaTitle'), t('signup.metaDescription'));
  const [searchParams] = useSearchParams();
  const token = readInvitationToken(searchParams);
  const invitation = useInvitation(token);

  if (token === null) return <SignupForm invitation={null} />;
  return (
    <QueryState
      query={invitation}
      renderError={(error) => (
        <InvitationProblemCard
          problem={describeInvitationError(error)}
          isRetrying={invitation.isFetching}
          onRetry={() => void invitation.refetch()}
        />
      )}
      loader={
        <AuthCard title={t('signup.invitation.checking')}>
          <Group gap="sm" role="status" aria-live="polite">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('common:loading')}</Text>
          </Group>
        </AuthCard>
      }
    >
      {(preview) => <SignupForm invitation={{ token, preview }} />}
    </QueryState>
  );
}

type SignUpBody = Parameters<typeof authClient.signUp.email>[0];

type SignupStatus = 'idle' | 'submitting' | 'error' | 'success' | 'checkEmail';

const emptyFields: SignUpFields = { firstName: '', lastName: '', email: '', practiceName: '', password: '' };

function SignupForm({ invitation }: { invitation: SignUpInvitation | null }) {
  const localize = useLocalizedPath();
  const { t, i18n } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const session = authClient.useSession();
  const [fields, setFields] = useState<SignUpFields>(() =>
    invitation ? { ...emptyFields, email: invitation.preview.email } : emptyFields,
  );
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
    const invalid = validateSignUpFields(fields, invitation);
    if (invalid) return fail(invalid);
    setError(null);
    setStatus('submitting');
    try {
      // The client's type (lib/auth-client) lists practiceName as required, as an owner's sign-up
      // needs it; an invited colleague's body carries invitationToken instead, read by the server.
      const body = buildSignUpRequest(fields, invitation, i18n.resolvedLanguage) as SignUpBody;
      const { data, error: failure } = await authClient.signUp.email(body);
      if (failure) {
        return fail(isInvalidInvitationFailure(failure) ? invalidInvitationMessage : mapSignUpError(failure));
      }
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

  const email = invitation ? invitation.preview.email : fields.email.trim();

  if (status === 'checkEmail') {
    return (
      <AuthCard title={t('signup.checkEmailTitle')}>
        <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden="true" />} role="status">
          {t('signup.checkEmailMessage', { email })}
        </Alert>
        <Button component={Link} to={localize(paths.login)} variant="default">
          {t('signup.loginLink')}
        </Button>
      </AuthCard>
    );
  }

  const isBusy = status === 'submitting' || status === 'success';
  const clinicName = invitation?.preview.clinicName ?? '';

  return (
    <AuthCard
      title={invitation ? t('signup.invitation.title', { clinic: clinicName }) : t('signup.title')}
      subtitle={invitation ? t('signup.invitation.subtitle') : t('signup.subtitle')}
    >
      {invitation ? (
        <Alert role="note" color="brand" variant="light" icon={<IconUsersGroup aria-hidden="true" />}>
          {t('signup.invitation.joining', {
            clinic: clinicName,
            role: t(`signup.invitation.roles.${invitation.preview.role}`),
          })}
        </Alert>
      ) : null}
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
          {invitation ? (
            // The invitation is for this address; the server refuses any other.
            <TextInput
              label={t('fields.email')}
              description={t('signup.invitation.emailHint')}
              type="email"
              autoComplete="email"
              value={invitation.preview.email}
              readOnly
            />
          ) : (
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              value={fields.email}
              onChange={update('email')}
              withAsterisk
            />
          )}
          {invitation ? null : (
            <TextInput
              label={t('fields.practiceName')}
              autoComplete="organization"
              value={fields.practiceName}
              onChange={update('practiceName')}
              withAsterisk
            />
          )}
          <PasswordField
            label={t('fields.password')}
            description={t('signup.passwordHint')}
            autoComplete="new-password"
            value={fields.password}
            onChange={update('password')}
            withAsterisk
          />
          <Button type="submit" fullWidth loading={isBusy}>
            {invitation ? t('signup.invitation.submit') : t('signup.submit')}
          </Button>
          <Text ta="center" fz="sm">
            {t('signup.haveAccount')}{' '}
            <Anchor component={Link} to={localize(paths.login)}>
              {t('signup.loginLink')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
