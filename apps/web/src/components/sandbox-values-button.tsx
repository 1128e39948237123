import type { SandboxTestCredentials } from '@careloop/contracts/sandbox';
import { Button } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../lib/current-user';
import { useSandboxTestCredentials } from '../lib/sandbox-mode';

/**
 * In sandbox mode, fills a channel's credentials with the test provider's own values in one click
 * (wizard and Settings): nothing to look up, no real-format token to invent.
 */
export function SandboxValuesButton<Channel extends keyof SandboxTestCredentials>({
  channel,
  onFill,
  disabled,
}: {
  channel: Channel;
  onFill: (values: SandboxTestCredentials[Channel]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  const me = useCurrentUser();
  const isManager = me.data?.role === 'owner' || me.data?.role === 'admin';
  const inSandbox = Boolean(me.data?.clinic.sandboxMode) && isManager;
  const values = useSandboxTestCredentials(inSandbox);
  if (!inSandbox || !values.data) return null;
  const data = values.data[channel];
  return (
    <Button
      variant="light"
      leftSection={<IconFlask size={16} aria-hidden="true" />}
      onClick={() => onFill(data)}
      disabled={disabled}
      style={{ alignSelf: 'flex-start' }}
      mb="sm"
    >
      {channel === 'sms' ? t('sandboxMode.fill.sms') : t('sandboxMode.fill.whatsapp')}
    </Button>
  );
}
