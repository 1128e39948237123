import type { AuditLogResponse, ComplianceSummary } from '@careloop/contracts/compliance';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { EnterpriseCompliancePage } from './enterprise-compliance-page';

beforeAll(async () => {
  await i18n.loadNamespaces(['enterprise', 'plans']);
});

const summary = {
  generatedAt: '2026-11-26T10:00:00.000Z',
  encryption: {
    secretsAlgorithm: 'AES-256-GCM',
    secretsStored: 3,
    secretValuesReturned: false,
    transport: 'tls',
    hsts: true,
    database: 'postgresql',
    passwordHashing: 'scrypt',
    auditTrailAppendOnly: true,
  },
  access: {
    members: { owner: 1, admin: 1, staff: 4 },
    twoFactorEnabled: 2,
    idleSignOutMinutes: 30,
    sessionAbsoluteDays: 7,
    activeSessions: 5,
    activeApiClients: 1,
    patientRecordViews30d: 42,
    failedSignIns30d: 0,
  },
} satisfies ComplianceSummary;

const me = (subscriptionTier: string, role: 'owner' | 'staff' = 'owner', timeZone = 'UTC') => ({
  user: {
    id: 'usr_1',
    email: 'olivia@clinic.example',
    name: 'Olivia Owner',
    firstName: 'Olivia',
    lastName: 'Owner',
    twoFactorEnabled: false,
  },
  clinic: {
    id: 'cln_1',
    name: 'Smile Dental',
    subscriptionTier,
    category: null,
    sandboxMode: false,
    idleTimeoutMinutes: 30,
    timeZone,
  },
  role,
  isOperator: false,
});

const auditLog = (actions: string[], nextCursor: string | null = null): AuditLogResponse => ({
  items: actions.map((action, i) => ({
    id: `aud_${action}_${i}`,
    at: '2026-11-25T09:00:00.000Z',
    trail: 'security',
    action,
    userId: 'usr_1',
    userName: 'Olivia Owner',
    userEmail: 'olivia@clinic.example',
    resourceType: 'patient',
    resourceId: 'P-1',
    riskLevel: 'low',
    ipAddress: null,
    detail: null,
  })),
  nextCursor,
  users: [{ userId: 'usr_1', name: 'Olivia Owner', email: 'olivia@clinic.example' }],
});

describe('EnterpriseCompliancePage', () => {
  it('shows the Enterprise locked-feature message to other plans, and an owners-and-admins notice to staff, asking nothing of the compliance API', async () => {
    for (const [tier, role, text] of [
      ['professional', 'owner', 'This feature requires Enterprise plan'],
      ['enterprise', 'staff', "Only the clinic's owners and admins can use the compliance tools."],
    ] as const) {
      const api = stubFetch((request) => (request.path === '/api/me' ? json(me(tier, role)) : json({}, 404)));
      const view = renderPage(<EnterpriseCompliancePage />, { path: '/enterprise-compliance' });
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByRole('tab')).toBeNull();
      expect(api.requests.filter((r) => r.path.startsWith('/api/compliance'))).toEqual([]);
      view.unmount();
    }
  });

  it('filters the audit log, pages on, and exports what the filters show', async () => {
    const api = stubFetch((request) => {
      if (request.path === '/api/me') return json(me('enterprise'));
      if (request.path === '/api/compliance/summary') return json(summary);
      if (request.path === '/api/compliance/audit-log') {
        if (request.search.get('cursor') === 'c2') return json(auditLog(['secret_saved']));
        if (request.search.get('action') === 'patient_viewed') return json(auditLog(['patient_viewed']));
        return json(auditLog(['patient_viewed', 'successful_login'], 'c2'));
      }
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderPage(<EnterpriseCompliancePage />, { path: '/enterprise-compliance' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(table.textContent).toContain('Secret saved');
    // The stored name stays beside it: the CSV export carries it.
    expect(table.textContent).toContain('secret_saved');

    const action = screen.getByRole('combobox', { name: 'Action' });
    await user.click(action);
    // The stored name finds the action as well as its words.
    await user.type(action, 'patient_vie');
    await user.click(screen.getByRole('option', { name: 'Patient record viewed', hidden: true }));
    await waitFor(() =>
      expect(api.requests.some((r) => r.search.get('action') === 'patient_viewed')).toBe(true),
    );
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink.getAttribute('href')).toBe(
      '/api/compliance/audit-log/export.csv?action=patient_viewed&from=2026-11-01',
    );
  });

  it("lists audit rows in the clinic's clock, the one its date filters count days in", async () => {
    stubFetch((request) => {
      if (request.path === '/api/me') return json(me('enterprise', 'owner', 'Europe/Madrid'));
      if (request.path === '/api/compliance/summary') return json(summary);
      if (request.path === '/api/compliance/audit-log') return json(auditLog(['patient_viewed']));
      return json({}, 404);
    });
    renderPage(<EnterpriseCompliancePage />, { path: '/enterprise-compliance' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    // 09:00 UTC on 25 November is 10:00 in Madrid.
    await waitFor(() => expect(table.textContent).toContain('Nov 25, 2026, 10:00 AM'));
  });

  it('names each audit action in Turkish, keeping the stored name beside it, and filters by the Turkish name', async () => {
    await i18n.loadLanguages('tr');
    await i18n.changeLanguage('tr');
    await i18n.loadNamespaces('enterprise');
    const api = stubFetch((request) => {
      if (request.path === '/api/me') return json(me('enterprise', 'owner', 'Europe/Istanbul'));
      if (request.path === '/api/compliance/summary') return json(summary);
      if (request.path === '/api/compliance/audit-log')
        return json(auditLog(['account_locked', 'settings_sms_saved', 'old_client_action']));
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderPage(<EnterpriseCompliancePage />, { path: '/enterprise-compliance' });
    const table = await screen.findByRole('table', { name: 'Denetim kaydı' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const [, locked, sms, old] = within(table).getAllByRole('row');
    expect(within(locked!).getByText('Hesap kilitlendi')).toBeTruthy();
    expect(within(locked!).getByText('account_locked')).toBeTruthy();
    expect(within(sms!).getByText('SMS ayarları kaydedildi')).toBeTruthy();
    expect(within(sms!).getByText('settings_sms_saved')).toBeTruthy();
    expect(within(old!).getByText('Old client action')).toBeTruthy();
    expect(within(locked!).getByText('Hasta P-1')).toBeTruthy();

    const action = screen.getByRole('combobox', { name: 'İşlem' });
    await user.click(action);
    await user.type(action, 'kilitlendi');
    await user.click(screen.getByRole('option', { name: 'Hesap kilitlendi', hidden: true }));
    await waitFor(() =>
      expect(api.requests.some((r) => r.search.get('action') === 'account_locked')).toBe(true),
    );
  });

  it('writes the access figures as the Turkish reader writes numbers', async () => {
    await i18n.loadLanguages('tr');
    await i18n.changeLanguage('tr');
    await i18n.loadNamespaces('enterprise');
    stubFetch((request) => {
      if (request.path === '/api/me') return json(me('enterprise', 'owner', 'Europe/Istanbul'));
      if (request.path === '/api/compliance/summary')
        return json({ ...summary, access: { ...summary.access, patientRecordViews30d: 12_345 } });
      if (request.path === '/api/compliance/audit-log') return json(auditLog([]));
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderPage(<EnterpriseCompliancePage />, { path: '/enterprise-compliance' });
    await user.click(await screen.findByRole('tab', { name: 'Şifreleme ve erişim' }));
    const access = await screen.findByRole('region', { name: 'Erişim' });
    expect(access.textContent).toContain('12.345');
    expect(access.textContent).not.toContain('12345');
  });

  it('erases a patient only once the reason is chosen and the name typed, then tells so', async () => {
    const api = stubFetch((request) => {
      if (request.path === '/api/me') return json(me('enterprise'));
      if (request.path === '/api/compliance/summary') return json(summary);
      if (request.path === '/api/compliance/audit-log') return json(auditLog([]));
      if (request.path === '/api/patients')
        return json({
          patients: [{ id: 'P-7', name: 'Ana Ruiz', phone: '+34600000007' }],
          nextCursor: null,
          total: 1,
        });
      if (request.path === '/api/compliance/patients/P-7/erasure')
        return json({ patientId: 'P-7', erasedAt: '2026-11-26T10:00:00.000Z', removed: { patients: 1 } });
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderPage(<EnterpriseCompliancePage />, { path: '/enterprise-compliance' });
    await user.click(await screen.findByRole('tab', { name: 'Patient data' }));
    const picker = await screen.findByRole('combobox', { name: 'Patient' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Ana Ruiz · +34600000007', hidden: true }));
    expect(screen.getByRole('link', { name: 'Download JSON' }).getAttribute('href')).toBe(
      '/api/compliance/patients/P-7/export?format=json',
    );
    await user.click(screen.getByRole('button', { name: 'Erase patient data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase patient data' });
    const confirm = within(dialog).getByRole('button', { name: 'Erase permanently' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: /How did the patient ask/ }));
    await user.click(screen.getByRole('option', { name: 'Letter', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: /Type Ana Ruiz to confirm/ }), 'Ana Ruiz');
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await user.click(confirm);
    expect(await screen.findByText("The patient's personal data was erased")).toBeTruthy();
    expect(api.to('/api/compliance/patients/P-7/erasure').map((r) => r.body)).toEqual([
      { requestedVia: 'letter' },
    ]);
  });
});
