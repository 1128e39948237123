import type { SecurityScan } from '@careloop/contracts/security-hardening';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { meAnswer } from '../../test/me-answer';
import { renderPage } from '../../test/render';
import { SecurityHardeningPage } from './security-hardening-page';

beforeAll(async () => {
  await i18n.loadNamespaces('hardening');
});

const at = '2026-11-26T10:00:00.000Z';
const check = (
  id: SecurityScan['checks'][number]['id'],
  status: 'pass' | 'warning' | 'fail',
  details = {},
) => ({
  id,
  status,
  severity: 'high' as const,
  autoFixable: id === 'secure_headers',
  details,
  checkedAt: at,
});
const scan: SecurityScan = {
  checkedAt: at,
  score: 75,
  passing: 6,
  total: 8,
  checks: [
    check('secure_headers', 'fail', { missing: 'x-frame-options', paths: '/api/health, /login' }),
    check('https_tls', 'pass', { protocol: 'https', environment: 'production', hstsDays: 365 }),
    check('password_policy', 'pass', { minimumLength: 8 }),
    check('two_factor_adoption', 'warning', {
      managers: 2,
      managersWithTwoFactor: 1,
      members: 3,
      membersWithTwoFactor: 1,
    }),
    check('credential_health', 'pass', { checked: 0, unhealthy: 0, unhealthyTypes: '' }),
    check('security_events', 'pass', { critical: 0 }),
    check('secrets_encryption', 'pass', { total: 2, unreadable: 0 }),
    check('session_lifetime', 'pass', { idleMinutes: 30, absoluteDays: 7 }),
  ],
};

describe('SecurityHardeningPage', () => {
  it('shows the score and each check with status, severity and the fix where it does not pass; runs, scans and auto-fixes', async () => {
    const network = stubFetch((request) => {
      if (request.path === '/api/security-hardening') return json(scan);
      if (request.path === '/api/security-hardening/scan') return json({ ...scan, checkedAt: at });
      if (request.path === '/api/security-hardening/checks/secure_headers/auto-fix')
        return json(check('secure_headers', 'pass', { missing: '', paths: '/api/health, /login' }));
      if (request.path === '/api/security-hardening/checks/two_factor_adoption/run')
        return json(check('two_factor_adoption', 'warning', scan.checks[3]!.details));
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    });
    renderPage(<SecurityHardeningPage />, { path: '/security-hardening' });
    const score = await screen.findByRole('region', { name: 'Security score' });
    expect(within(score).getByText('75%')).toBeTruthy();
    expect(score.textContent).toContain('6 of 8 checks passing');

    const headers = screen.getByRole('region', { name: 'Secure headers' });
    expect(within(headers).getByText('Fail')).toBeTruthy();
    expect(within(headers).getByText('High severity')).toBeTruthy();
    expect(headers.textContent).toContain('Missing or weak: x-frame-options.');
    expect(headers.textContent).toContain('How to fix:');
    const https = screen.getByRole('region', { name: 'HTTPS and HSTS' });
    expect(https.textContent).not.toContain('How to fix:');
    // Only secure_headers offers Auto-fix.
    expect(screen.getAllByRole('button', { name: /^Auto-fix/ })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Auto-fix: Secure headers' }));
    await waitFor(() => expect(within(headers).getByText('Pass')).toBeTruthy());
    await waitFor(() => expect(within(score).getByText('88%')).toBeTruthy());
    expect(network.to('/api/security-hardening/checks/secure_headers/auto-fix')[0]).toMatchObject({
      method: 'POST',
      body: {},
    });

    await userEvent.click(screen.getByRole('button', { name: 'Run check: Two-factor adoption' }));
    await waitFor(() =>
      expect(network.to('/api/security-hardening/checks/two_factor_adoption/run')).toHaveLength(1),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Run full scan' }));
    await waitFor(() => expect(network.to('/api/security-hardening/scan')).toHaveLength(1));
    expect(await screen.findByText('Scan complete: security score 75%')).toBeTruthy();
  });

  it('tells staff the checks are for owners and admins', async () => {
    stubFetch(() =>
      json({ error: { code: 'FORBIDDEN', message: 'You do not have permission to do this' } }, 403),
    );
    renderPage(<SecurityHardeningPage />, { path: '/security-hardening' });
    expect(
      await screen.findByText('Only owners and admins of the clinic can see the security checks.'),
    ).toBeTruthy();
  });

  it("reads in Spanish for a Madrid clinic: the environment named, no empty list, the clinic's clock", async () => {
    await i18n.loadLanguages('es');
    await i18n.changeLanguage('es');
    await i18n.loadNamespaces('hardening');
    stubFetch((request) => {
      if (request.path === '/api/me') return json(meAnswer({ clinic: { timeZone: 'Europe/Madrid' } }));
      if (request.path === '/api/security-hardening') return json(scan);
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    });
    renderPage(<SecurityHardeningPage />, { path: '/security-hardening' });
    const https = await screen.findByRole('region', { name: 'HTTPS y HSTS' });
    expect(https.textContent).toContain('entorno: producción;');
    const credentials = screen.getByRole('region', { name: 'Estado de las credenciales' });
    expect(credentials.textContent).toContain('con fallos: ninguna.');
    expect(credentials.textContent).not.toContain('()');
    // 10:00 UTC is 11:00 in Madrid.
    const score = screen.getByRole('region', { name: 'Puntuación de seguridad' });
    await waitFor(() => expect(score.textContent).toContain('11:00:00'));
  });
});
