import type { AutomationSettings } from '@careloop/contracts/automation';
import type { WebhookInfo } from '@careloop/contracts/webhook-info';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { FollowupAutomationPage } from './followup-automation-page';

beforeAll(async () => {
  await i18n.loadNamespaces('followup');
});

const me = (role: 'owner' | 'staff') => ({
  user: {
    id: 'u1',
    email: 'o@x.test',
    name: 'Olga',
    firstName: null,
    lastName: null,
    twoFactorEnabled: false,
  },
  clinic: {
    id: 'clinic-1',
    name: 'Smile',
    subscriptionTier: 'professional',
    category: null,
    sandboxMode: false,
  },
  role,
});

const settings: AutomationSettings = {
  whatsappEnabled: false,
  whatsappSecretName: null,
  whatsappPhoneNumberId: null,
  smsEnabled: true,
  smsSecretName: null,
  smsProvider: 'twilio',
  smsFromNumber: '+14155550100',
  defaultChannel: 'sms',
  followupSchedule: { '1': true, '3': true, '7': true, '14': true, '30': false },
  crosssellEnabled: true,
  crosssellDelayDays: 30,
  quietHours: { sendFrom: '09:00', sendUntil: '20:00' },
  timeZone: 'Europe/Madrid',
};

const webhooks: WebhookInfo = {
  urls: {
    whatsapp: 'https://care.example.org/api/webhooks/whatsapp/clinic-1',
    twilioInbound: 'https://care.example.org/api/webhooks/twilio/clinic-1/inbound',
    twilioStatus: 'https://care.example.org/api/webhooks/twilio/clinic-1/status',
    vonageInbound: 'https://care.example.org/api/webhooks/vonage/clinic-1/inbound',
    vonageDeliveryReceipt: 'https://care.example.org/api/webhooks/vonage/clinic-1/delivery-receipt',
  },
  whatsappVerifyToken: { secretName: 'WHATSAPP_VERIFY_TOKEN_clinic-1', isSaved: true, sandboxToken: null },
  aiModelConfigured: false,
  sandboxMode: false,
};

function stubApi(role: 'owner' | 'staff' = 'owner', sent: object = {}, refusal?: () => Response) {
  return stubFetch((request) => {
    if (request.path === '/api/me') return json(me(role));
    if (request.path === '/api/automation/settings' && request.method === 'GET') return json(settings);
    if (request.path === '/api/automation/settings' && request.method === 'PUT')
      return json({
        message: 'Success - Automation settings saved successfully',
        settings: { ...settings, ...(request.body as object) },
      });
    if (request.path === '/api/automation/webhooks') return json(webhooks);
    if (request.path === '/api/ready') return json({ status: 'ready' });
    if (request.path === '/api/patients')
      return json({
        patients: [{ id: 'P-1', name: 'Ana Ruiz', phone: '+34600111222', procedure: 'Dental implant' }],
        nextCursor: null,
      });
    if (request.path === '/api/automation/test-message') {
      const body = request.body as { test?: boolean };
      if (refusal && !body.test) return refusal();
      if (body.test)
        return json({ error: { code: 'VALIDATION_ERROR', message: 'Patient ID is required' } }, 400);
      return json({
        success: true,
        message: 'AI message sent via sms',
        channel: 'sms',
        generatedMessage: 'Hi Ana, how are you feeling after your implant?',
        source: 'template',
        messageId: 'm1',
        providerMessageId: 'SM1',
        deliveryStatus: 'sent',
        ...sent,
      });
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
}

describe('FollowupAutomationPage', () => {
  it('shows staff the Setup Instructions and the managers-only notice, and asks for no settings', async () => {
    const network = stubApi('staff');
    renderPage(<FollowupAutomationPage />, { path: '/followup-automation' });
    expect(await screen.findByText('Managers only')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Setup Instructions' })).toBeTruthy();
    expect(network.to('/api/automation/settings')).toHaveLength(0);
  });

  it('validates Test Messaging, then sends for the picked patient and shows the generated message', async () => {
    const network = stubApi();
    const user = userEvent.setup();
    renderPage(<FollowupAutomationPage />, { path: '/followup-automation' });
    const send = await screen.findByRole('button', { name: 'Send test message' });
    await user.click(send);
    expect(await screen.findByText('Patient ID is required')).toBeTruthy();
    expect(screen.getByText('Treatment type is required')).toBeTruthy();
    expect(network.to('/api/automation/test-message')).toHaveLength(0);

    await user.click(screen.getByRole('textbox', { name: /^Patient/ }));
    await user.click(await screen.findByRole('option', { name: /Ana Ruiz/, hidden: true }));
    await waitFor(() => expect(screen.getByDisplayValue('Dental implant')).toBeTruthy());
    await user.click(send);
    expect(await screen.findByText('AI message sent via SMS')).toBeTruthy();
    expect(screen.getByTestId('generated-message').textContent).toContain('how are you feeling');
    expect(screen.getByText(/Delivery status: Sent$/)).toBeTruthy();
    expect(network.to('/api/automation/test-message')[0]?.body).toEqual({
      patientId: 'P-1',
      clinicId: 'clinic-1',
      treatmentType: 'Dental implant',
      patientPhone: '+34600111222',
      daysAfterTreatment: 1,
      messageType: 'followup',
      preferredChannel: 'sms',
    });
  });

  // The toast says what went: "AI message sent" would be wrong when Meta's template went.
  it('says the WhatsApp template went when it did, not that an AI message was sent', async () => {
    stubApi('owner', {
      message: 'WhatsApp template sent',
      channel: 'whatsapp',
      source: 'whatsapp_template',
      generatedMessage: 'WhatsApp template "careloop_follow_up" (en), {{1}} = Ana',
    });
    const user = userEvent.setup();
    renderPage(<FollowupAutomationPage />, { path: '/followup-automation' });
    const send = await screen.findByRole('button', { name: 'Send test message' });
    await user.click(screen.getByRole('textbox', { name: /^Patient/ }));
    await user.click(await screen.findByRole('option', { name: /Ana Ruiz/, hidden: true }));
    await waitFor(() => expect(screen.getByDisplayValue('Dental implant')).toBeTruthy());
    await user.click(send);
    expect(await screen.findByText('WhatsApp template sent')).toBeTruthy();
    expect(screen.queryByText(/AI message sent/)).toBeNull();
    expect(screen.getByText(/Your approved WhatsApp template/)).toBeTruthy();
  });

  // The message service's refusals are English: a Spanish clinic reads them in Spanish.
  it.each([
    [
      'a channel not set up, beside the channel too',
      () =>
        json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'SMS is not set up for this clinic',
              details: [{ field: 'preferredChannel', message: 'SMS is not set up for this clinic' }],
            },
          },
          400,
        ),
      'SMS no está configurado en esta clínica. Conéctelo primero en Configuración.',
    ],
    [
      'an opted-out patient',
      () => json({ error: { code: 'CONFLICT', message: 'The patient opted out of SMS messages' } }, 409),
      'Este paciente se ha dado de baja de los mensajes por SMS.',
    ],
    [
      'a refusal without a text of its own',
      () => json({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }, 429),
      'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
    ],
  ])("shows %s in the reader's language, never the server's English", async (_label, refusal, text) => {
    await changeLanguage('es');
    try {
      stubApi('owner', {}, refusal);
      const user = userEvent.setup();
      renderPage(<FollowupAutomationPage />, { path: '/followup-automation' });
      const send = await screen.findByRole('button', { name: 'Enviar mensaje de prueba' });
      await user.click(screen.getByRole('combobox', { name: /^Paciente/ }));
      await user.click(await screen.findByRole('option', { name: /Ana Ruiz/, hidden: true }));
      await waitFor(() => expect(screen.getByDisplayValue('Dental implant')).toBeTruthy());
      await user.click(send);
      expect(await screen.findByText('No se pudo enviar el mensaje de seguimiento')).toBeTruthy();
      expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
      expect(screen.queryByText(/is not set up|opted out|Too many requests/)).toBeNull();
    } finally {
      await changeLanguage('en');
    }
  });

  it('saves Automation Settings with the spec toast, refusing a cross-sell delay out of range', async () => {
    const network = stubApi();
    const user = userEvent.setup();
    renderPage(<FollowupAutomationPage />, {
      path: '/followup-automation',
      url: '/followup-automation?tab=settings',
    });
    const delay = await screen.findByRole('textbox', { name: /Cross-sell delay/ });
    await user.clear(delay);
    await user.type(delay, '400');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Cross-sell delay must be between 1 and 365 days')).toBeTruthy();
    expect(network.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(delay);
    await user.type(delay, '45');
    await user.click(screen.getByRole('switch', { name: 'Day 30' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Success - Automation settings saved successfully')).toBeTruthy();
    const put = network.requests.find((r) => r.method === 'PUT')?.body as Record<string, unknown>;
    expect(put).toMatchObject({
      crosssellDelayDays: 45,
      followupSchedule: { '1': true, '3': true, '7': true, '14': true, '30': true },
    });
  });

  it('refuses an SMS from number that is not a phone number, in Turkish, before saving', async () => {
    await changeLanguage('tr');
    try {
      const network = stubApi();
      const user = userEvent.setup();
      renderPage(<FollowupAutomationPage />, {
        path: '/followup-automation',
        url: '/followup-automation?tab=settings',
      });
      const fromNumber = await screen.findByRole('textbox', {
        name: i18n.t('followup:settings.smsFromNumber'),
      });
      await user.clear(fromNumber);
      await user.type(fromNumber, 'bizi arayın');
      await user.click(screen.getByRole('button', { name: i18n.t('followup:settings.save') }));
      expect(await screen.findByText('Lütfen geçerli bir telefon numarası girin')).toBeTruthy();
      expect(network.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    } finally {
      await changeLanguage('en');
    }
  });

  it('runs the System Test and names the failed check in the summary toast', async () => {
    stubApi();
    const user = userEvent.setup();
    renderPage(<FollowupAutomationPage />, {
      path: '/followup-automation',
      url: '/followup-automation?tab=systemTest',
    });
    await user.click(await screen.findByRole('button', { name: 'Run System Test' }));
    expect(await screen.findByText('1 Test(s) Failed')).toBeTruthy();
    const results = screen.getByRole('list', { name: 'System test results' });
    expect(within(results).getByText('OpenAI API key not configured')).toBeTruthy();
    expect(within(results).getAllByText('Passed')).toHaveLength(6);
  });

  it("shows this deployment's webhook URLs and whether the verify token is saved", async () => {
    stubApi();
    renderPage(<FollowupAutomationPage />, {
      path: '/followup-automation',
      url: '/followup-automation?tab=production',
    });
    expect(await screen.findByDisplayValue(webhooks.urls.whatsapp)).toBeTruthy();
    expect(screen.getByDisplayValue(webhooks.urls.twilioStatus)).toBeTruthy();
    expect(screen.getByDisplayValue(webhooks.urls.vonageDeliveryReceipt)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Callback URL' })).toBeTruthy();
    expect(screen.getByText(/Saved in your vault as WHATSAPP_VERIFY_TOKEN_clinic-1/)).toBeTruthy();
  });
});
