import { authMessages } from '@careloop/domain/auth-messages';
import type { DomainMessage } from '@careloop/domain/domain-message';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/password-field';
import { QueryState } from '../../components/query-state';
import { authClient } from '../../lib/auth-client';
import { currentUserKeys, useCurrentUser } from '../../lib/current-user';
import { translateDomainMessage } from '../../lib/domain-messages';
import { showSuccess } from '../../lib/notifications';
import { formatSecret, mapTwoFactorSettingsError, parseOtpAuthUri } from './account-security.utils';
import { EmailPreferencesCard } from './components/email-preferences-card';

type Setup = { totpURI: string; backupCodes: string[] };

const passwordRequired = {
  key: 'account.security.twoFactor.passwordRequired',
  message: 'Please enter your current password',
};
const codeRequired = {
  key: 'account.security.twoFactor.codeRequired',
  message: 'Please enter the 6-digit code from your authenticator app',
};

export function AccountSecurityPage() {
  const { t } = useTranslation(['account', 'auth']);
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<DomainMessage | null>(null);

  const isEnabled = currentUser.data?.user.twoFactorEnabled ?? false;

  const run = async (action: () => Promise<void>) => {
    setError(null);
    setIsBusy(true);
    try {
      await action();
    } catch {
      setError(authMessages.unexpected);
    } finally {
      setIsBusy(false);
    }
  };

  const handleEnable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') return setError(passwordRequired);
    void run(async () => {
      const { data, error: failure } = await authClient.twoFactor.enable({ password, method: 'totp' });
      if (failure) return setError(mapTwoFactorSettingsError(failure));
      if (data.method !== 'totp') return setError(authMessages.unexpected);
      setSetup({ totpURI: data.totpURI, backupCodes: data.backupCodes });
      setPassword('');
    });
  };

  const handleConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(trimmed)) return setError(codeRequired);
    void run(async () => {
      const { error: failure } = await authClient.twoFactor.verifyTotp({ code: trimmed });
      if (failure) return setError(mapTwoFactorSettingsError(failure));
      setSetup(null);
      setCode('');
      showSuccess({ title: t('security.twoFactor.enabledToast') });
      await queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
    });
  };

  const handleDisable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') return setError(passwordRequired);
    void run(async () => {
      const { error: failure } = await authClient.twoFactor.disable({ password });
      if (failure) return setError(mapTwoFactorSettingsError(failure));
      setPassword('');
      showSuccess({ title: t('security.twoFactor.disabledToast') });
      await queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
    });
  };

  const errorAlert = error ? (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
      {translateDomainMessage(t, error)}
    </Alert>
  ) : null;

  const otp = setup ? parseOtpAuthUri(setup.totpURI) : null;

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>{t('security.title')}</Title>
        <Text c="dimmed">{t('security.subtitle')}</Text>
      </div>
      <QueryState query={currentUser} errorTitle={t('security.loadFailed')}>
        {() => (
          <Card withBorder radius="md" p="lg">
            <Stack gap="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
                  <IconShieldCheck
                    size={28}
                    aria-hidden="true"
                    color="var(--mantine-color-brand-6)"
                    style={{ flexShrink: 0 }}
                  />
                  <div>
                    <Title order={2} fz="h4">
                      {t('security.twoFactor.title')}
                    </Title>
                    <Text fz="sm" c="dimmed">
                      {t('security.twoFactor.description')}
                    </Text>
                  </div>
                </Group>
                <Badge
                  color={isEnabled ? 'green' : 'gray'}
                  variant="light"
                  size="lg"
                  style={{ flexShrink: 0 }}
                >
                  {isEnabled ? t('security.twoFactor.statusOn') : t('security.twoFactor.statusOff')}
                </Badge>
              </Group>

              {setup ? (
                <form onSubmit={handleConfirm} noValidate aria-busy={isBusy}>
                  <Stack gap="md">
                    <Title order={3} fz="h5">
                      {t('security.twoFactor.setupTitle')}
                    </Title>
                    <Text fz="sm">{t('security.twoFactor.setupSteps')}</Text>
                    {otp ? (
                      <div>
                        <Text fz="sm" fw={600}>
                          {t('security.twoFactor.secret')}
                        </Text>
                        <Group gap="xs">
                          <Code fz="md">{formatSecret(otp.secret)}</Code>
                          <CopyButton value={otp.secret}>
                            {({ copied, copy }) => (
                              <Button size="compact-xs" variant="light" onClick={copy}>
                                {copied ? t('security.twoFactor.copied') : t('security.twoFactor.copy')}
                              </Button>
                            )}
                          </CopyButton>
                        </Group>
                      </div>
                    ) : null}
                    <div>
                      <Text fz="sm" fw={600}>
                        {t('security.twoFactor.uri')}
                      </Text>
                      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                        {setup.totpURI}
                      </Code>
                    </div>
                    <div>
                      <Text fz="sm" fw={600}>
                        {t('security.twoFactor.backupCodesTitle')}
                      </Text>
                      <Text fz="sm" c="dimmed">
                        {t('security.twoFactor.backupCodesHint')}
                      </Text>
                      <List listStyleType="none" mt="xs">
                        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                          {setup.backupCodes.map((backupCode) => (
                            <List.Item key={backupCode}>
                              <Code>{backupCode}</Code>
                            </List.Item>
                          ))}
                        </SimpleGrid>
                      </List>
                    </div>
                    {errorAlert}
                    <TextInput
                      label={t('security.twoFactor.code')}
                      value={code}
                      onChange={(event) => setCode(event.currentTarget.value)}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={7}
                      maw={220}
                      withAsterisk
                    />
                    <Group>
                      <Button type="submit" loading={isBusy}>
                        {t('security.twoFactor.confirm')}
                      </Button>
                      <Button
                        variant="default"
                        onClick={() => {
                          setSetup(null);
                          setCode('');
                          setError(null);
                        }}
                      >
                        {t('security.twoFactor.cancel')}
                      </Button>
                    </Group>
                  </Stack>
                </form>
              ) : (
                <form onSubmit={isEnabled ? handleDisable : handleEnable} noValidate aria-busy={isBusy}>
                  <Stack gap="md" maw={360}>
                    {errorAlert}
                    <PasswordField
                      label={t('security.twoFactor.password')}
                      autoComplete="current-password"
                      value={password}
                      onChange={(event) => setPassword(event.currentTarget.value)}
                      withAsterisk
                    />
                    <Button
                      type="submit"
                      loading={isBusy}
                      color={isEnabled ? 'red' : undefined}
                      h="auto"
                      py={8}
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                    >
                      {isEnabled ? t('security.twoFactor.disable') : t('security.twoFactor.enable')}
                    </Button>
                  </Stack>
                </form>
              )}
            </Stack>
          </Card>
        )}
      </QueryState>
      <EmailPreferencesCard />
    </Stack>
  );
}
