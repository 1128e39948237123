import type { MonitoringSnapshot } from '@careloop/contracts/monitoring';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { meAnswer } from '../../test/me-answer';
import { renderPage } from '../../test/render';
import { MonitoringPage } from './monitoring-page';

beforeAll(async () => {
  await i18n.loadNamespaces('monitoring');
});

const snapshot = {
  generatedAt: '2026-11-26T10:00:00.000Z',
  errors: {
    count: 6,
    critical: 1,
    health: 'needs_attention',
    byType: [{ errorType: 'unhandled_error', count: 6 }],
  },
  performance: {
    pageLoads: 2,
    averageMs: 2400,
    averageRating: 'acceptable',
    slowestMs: 3100,
    recent: [{ valueMs: 1700, rating: 'fast', url: '/dashboard', at: '2026-11-26T09:59:00.000Z' }],
  },
  activity: { actions: 3, activeUsers: 2, topActions: [{ action: 'case_resolved', count: 2 }] },
  credentials: {
    checks: [
      {
        credentialType: 'twilio',
        status: 'unhealthy',
        detail: 'Authenticate (code 20003)',
        checkedAt: '2026-11-26T03:20:00.000Z',
      },
    ],
    unhealthy: 1,
  },
  security: {
    critical: 1,
    events: [{ action: 'account_locked', resourceType: 'authentication', at: '2026-11-26T09:00:00.000Z' }],
  },
} satisfies MonitoringSnapshot;

const meIn = (timeZone: string) => meAnswer({ clinic: { timeZone } });

describe('MonitoringPage', () => {
  it('shows the health badge, speed labels, activity, failing credential and critical events; Refresh refetches and is logged', async () => {
    const network = stubFetch((request) => {
      if (request.path === '/api/me') return json(meIn('UTC'));
      return request.path === '/api/monitoring' ? json(snapshot) : json({ accepted: true }, 202);
    });
    renderPage(<MonitoringPage />, { path: '/monitoring' });
    const errors = await screen.findByRole('region', { name: 'Errors (last 24 hours)' });
    expect(within(errors).getByText('Needs Attention')).toBeTruthy();
    expect(within(errors).getByText('6 errors')).toBeTruthy();
    const loads = screen.getByRole('region', { name: 'Page loads (last hour)' });
    expect(within(loads).getByText('Acceptable')).toBeTruthy();
    expect(loads.textContent).toContain('Average load time: 2,400 ms');
    expect(loads.textContent).toContain('1,700 ms · Fast');
    expect(screen.getByRole('region', { name: 'User activity (last hour)' }).textContent).toContain(
      'Active users: 2',
    );
    const credentials = screen.getByRole('region', { name: 'Credential health' });
    expect(credentials.textContent).toContain('Twilio SMS: Failing (Authenticate (code 20003))');
    expect(within(credentials).getByText('1 credential needs attention')).toBeTruthy();
    expect(
      screen.getByRole('region', { name: 'Critical security events (last 24 hours)' }).textContent,
    ).toContain('Account locked (Sign-in)');

    const before = network.to('/api/monitoring').length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(network.to('/api/monitoring').length).toBeGreaterThan(before));
    await waitFor(() =>
      expect(network.to('/api/log-user-action')[0]?.body).toMatchObject({
        action: 'monitoring_dashboard_refresh',
      }),
    );

    await userEvent.click(screen.getByLabelText('Debug Panel'));
    const debug = screen.getByRole('region', { name: 'Debug information' });
    expect(debug.textContent).toContain('Auto-refresh: every 30 seconds');
    expect(debug.textContent).toContain('"health": "needs_attention"');
  });

  it("names error types and actions in the reader's language, and an unknown action in words", async () => {
    await i18n.loadLanguages('es');
    await i18n.changeLanguage('es');
    stubFetch((request) => {
      if (request.path === '/api/me') return json(meIn('UTC'));
      if (request.path !== '/api/monitoring') return json({ accepted: true }, 202);
      return json({
        ...snapshot,
        activity: {
          ...snapshot.activity,
          topActions: [
            { action: 'case_resolved', count: 2 },
            { action: 'monitoring_dashboard_refresh', count: 1 },
            { action: 'old_client_action', count: 1 },
          ],
        },
      });
    });
    renderPage(<MonitoringPage />, { path: '/monitoring' });
    const errors = await screen.findByRole('region', { name: 'Errores (últimas 24 horas)' });
    expect(errors.textContent).toContain('Error inesperado: 6');
    expect(errors.textContent).not.toContain('unhandled_error');
    const activity = screen.getByRole('region', { name: 'Actividad de usuarios (última hora)' });
    expect(activity.textContent).toContain('Caso resuelto: 2');
    expect(activity.textContent).toContain('Supervisión actualizada: 1');
    expect(activity.textContent).toContain('Old client action: 1');
    expect(activity.textContent).not.toContain('case_resolved');
    const security = screen.getByRole('region', {
      name: 'Eventos de seguridad críticos (últimas 24 horas)',
    });
    expect(security.textContent).toContain('Cuenta bloqueada (Inicio de sesión)');
    expect(security.textContent).not.toContain('account_locked');
  });

  it("gives every time in the clinic's clock, not the device's", async () => {
    stubFetch((request) => {
      if (request.path === '/api/me') return json(meIn('Europe/Istanbul'));
      return request.path === '/api/monitoring' ? json(snapshot) : json({ accepted: true }, 202);
    });
    renderPage(<MonitoringPage />, { path: '/monitoring' });
    // 03:20 UTC is 06:20 in Istanbul; 09:00 UTC is 12:00.
    const credentials = await screen.findByRole('region', { name: 'Credential health' });
    await waitFor(() => expect(credentials.textContent).toContain('Checked Nov 26, 2026, 6:20 AM'));
    expect(
      screen.getByRole('region', { name: 'Critical security events (last 24 hours)' }).textContent,
    ).toContain('Nov 26, 2026, 12:00 PM');
    await userEvent.click(screen.getByLabelText('Debug Panel'));
    expect(screen.getByRole('region', { name: 'Debug information' }).textContent).toContain(
      'Generated at: 1:00:00 PM',
    );
  });
});
