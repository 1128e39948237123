import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { renderPage } from '../../../test/render';
import { ChannelAllowanceWarning } from './channel-allowance-warning';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['plans']);
});

describe('ChannelAllowanceWarning', () => {
  it('warns a Starter clinic that SMS is not included, naming the WhatsApp it has', async () => {
    renderPage(<ChannelAllowanceWarning tier="starter" channel="sms" />, { path: '/' });
    expect(await screen.findByText('Your Starter plan includes no SMS')).toBeTruthy();
    expect(screen.getByText(/Your plan includes 200 WhatsApp messages a month/)).toBeTruthy();
  });

  it.each([
    ['professional', 'sms'],
    ['enterprise', 'sms'],
    ['starter', 'whatsapp'],
  ] as const)('says nothing on %s for %s (included)', (tier, channel) => {
    renderPage(<ChannelAllowanceWarning tier={tier} channel={channel} />, { path: '/' });
    expect(screen.queryByTestId('channel-allowance-warning')).toBeNull();
  });
});
