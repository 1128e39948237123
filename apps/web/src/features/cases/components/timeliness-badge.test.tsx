import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { renderPage } from '../../../test/render';
import { TimelinessBadge } from './timeliness-badge';

beforeAll(async () => {
  await i18n.loadNamespaces('cases');
});

const now = new Date('2025-03-10T12:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

describe('TimelinessBadge', () => {
  it.each([
    ['open', inHours(-2), 'Overdue'],
    ['in_progress', inHours(3), 'Due Soon'],
    ['open', inHours(24), 'Due Soon'],
    ['open', inHours(30), 'On Time'],
  ] as const)('a %s case due %s shows %s', async (status, dueAt, label) => {
    renderPage(
      <div data-testid="badge">
        <TimelinessBadge kase={{ status, dueAt }} now={now} />
      </div>,
      { path: '/' },
    );
    expect((await screen.findByTestId('badge')).textContent).toBe(label);
  });

  it.each([
    ['resolved', inHours(-2)],
    ['closed', inHours(-2)],
    ['open', null],
  ] as const)('a %s case due %s shows no badge', async (status, dueAt) => {
    renderPage(
      <div data-testid="badge">
        <TimelinessBadge kase={{ status, dueAt }} now={now} />
      </div>,
      { path: '/' },
    );
    expect((await screen.findByTestId('badge')).textContent).toBe('');
  });
});
