import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { renderPage } from '../../../test/render';
import { ConnectionBadge } from './connection-badge';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['settings']);
});

const checkedAt = '2026-11-28T09:05:00.000Z';
const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
  new Date(checkedAt),
);

describe('ConnectionBadge', () => {
  it.each([
    [{ state: 'not_configured', checkedAt: null, detail: null }, 'Not configured', null],
    [{ state: 'untested', checkedAt: null, detail: null }, 'Not checked yet', null],
    [{ state: 'connected', checkedAt, detail: null }, 'Connected', `Checked ${when}`],
    [
      { state: 'failed', checkedAt, detail: 'Authenticate (code 20003)' },
      'Failed',
      `${when}: Authenticate (code 20003)`,
    ],
  ] as const)('%j reads %s', async (connection, label, line) => {
    renderPage(<ConnectionBadge connection={connection} />, { path: '/' });
    expect((await screen.findByTestId('connection-badge')).textContent).toBe(label);
    expect(screen.queryByTestId('connection-checked')?.textContent ?? null).toBe(line);
  });
});
