import type { ReceivedMessage, SentMessage } from '@careloop/contracts/conversations';
import type { MeResponse } from '@careloop/contracts/me';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { meAnswer } from '../../test/me-answer';
import { renderPage } from '../../test/render';
import { ConversationsPage } from './conversations-page';

beforeAll(async () => {
  await i18n.loadNamespaces('conversations');
});

function buildSent(overrides: Partial<SentMessage>): SentMessage {
  return {
    id: 'msg_1',
    patientId: 'P-1',
    patientName: 'Ana Ruiz',
    patientPhone: '+34611222333',
    channel: 'sms',
    kind: 'followup',
    content: 'How are you feeling?',
    deliveryStatus: 'sent',
    failureReason: null,
    sentAt: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-20T09:59:00.000Z',
    responseReceived: false,
    responseContent: null,
    surveyAnswer: null,
    ...overrides,
  };
}

function buildReceived(overrides: Partial<ReceivedMessage>): ReceivedMessage {
  return {
    id: 'whl_1',
    provider: 'twilio',
    channel: 'sms',
    patientId: 'P-1',
    patientName: 'Ana Ruiz',
    patientPhone: '+34611222333',
    content: 'Thanks, all good',
    receivedAt: '2026-11-20T11:00:00.000Z',
    ...overrides,
  };
}

type Api = {
  sent?: (search: URLSearchParams) => Response;
  received?: (search: URLSearchParams) => Response;
  me?: MeResponse;
};

function stubApi(api: Api) {
  return stubFetch((request) => {
    if (request.path === '/api/conversations/sent')
      return api.sent?.(request.search) ?? json({ messages: [], nextCursor: null });
    if (request.path === '/api/conversations/received')
      return api.received?.(request.search) ?? json({ messages: [], nextCursor: null });
    if (request.path === '/api/me') return json(api.me ?? meAnswer());
    if (request.path === '/api/patients')
      return json({
        patients: [{ id: 'P-1', name: 'Ana Ruiz', phone: '+34611222333' }],
        nextCursor: null,
        total: 1,
      });
    if (request.path === '/api/conversations/simulate-reply' && request.method === 'POST')
      return json({ provider: 'twilio', providerMessageId: 'SM1', webhookStatus: 200 });
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
}

const region = (name: string) => screen.findByRole('region', { name });

describe('ConversationsPage', () => {
  it("shows the spec's empty messages in both lists", async () => {
    stubApi({});
    renderPage(<ConversationsPage />, { path: '/conversations' });
    expect(await within(await region('Sent Messages')).findByText('No sent messages found')).toBeTruthy();
    expect(
      await within(await region('Received Messages')).findByText('No incoming messages found'),
    ).toBeTruthy();
  });

  it('labels survey sends, shows their answer (score and comment) or that none came yet, and the e-mail channel', async () => {
    stubApi({
      sent: () =>
        json({
          messages: [
            buildSent({
              id: 'answered',
              kind: 'survey',
              channel: 'email',
              content: 'Hi Ana, how likely are you to recommend Demo to a friend? https://x.example/s/…',
              surveyAnswer: { score: 4, comment: 'Long wait', answeredAt: '2026-11-20T12:00:00.000Z' },
            }),
            buildSent({ id: 'waiting', kind: 'survey', patientName: 'Luis Gil' }),
          ],
          nextCursor: null,
        }),
    });
    renderPage(<ConversationsPage />, { path: '/conversations' });
    const sent = await region('Sent Messages');
    expect(await within(sent).findByText('Survey answer: 4/10')).toBeTruthy();
    expect(within(sent).getByText('Long wait')).toBeTruthy();
    expect(within(sent).getAllByText('Survey')).toHaveLength(2);
    expect(within(sent).getByText('E-mail')).toBeTruthy();
    expect(within(sent).getAllByText('No answer yet')).toHaveLength(1);
  });

  it('shows sent entries with patient, channel, status badges, failure reason and response; received entries', async () => {
    stubApi({
      sent: () =>
        json({
          messages: [
            buildSent({
              id: 'a',
              deliveryStatus: 'delivered',
              responseReceived: true,
              responseContent: 'Great!',
            }),
            buildSent({
              id: 'b',
              channel: 'whatsapp',
              deliveryStatus: 'failed',
              failureReason: '131047: Re-engagement message',
              patientName: null,
              content: 'Failed one',
              sentAt: null,
            }),
            buildSent({ id: 'c', deliveryStatus: 'queued', sentAt: null, content: 'Queued one' }),
          ],
          nextCursor: null,
        }),
      received: () => json({ messages: [buildReceived({ content: 'Terrible service' })], nextCursor: null }),
    });
    renderPage(<ConversationsPage />, { path: '/conversations' });
    const sent = await region('Sent Messages');
    const items = await within(sent).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('Ana Ruiz');
    expect(items[0]!.textContent).toContain('SMS');
    expect(items[0]!.textContent).toContain('Delivered');
    expect(items[0]!.textContent).toContain('Response received');
    expect(items[0]!.textContent).toContain('Great!');
    expect(items[1]!.textContent).toContain('Unknown Patient');
    expect(items[1]!.textContent).toContain('WhatsApp');
    expect(items[1]!.textContent).toContain('Failed');
    expect(items[1]!.textContent).toContain('Reason: 131047: Re-engagement message');
    // A message that failed for good does not read "not sent yet".
    expect(items[1]!.textContent).toContain('could not be sent');
    expect(items[1]!.textContent).not.toContain('not sent yet');
    expect(items[2]!.textContent).toContain('Pending');
    expect(items[2]!.textContent).toContain('not sent yet');
    const received = await region('Received Messages');
    expect(await within(received).findByText('Terrible service')).toBeTruthy();
    expect(within(received).getByText('Ana Ruiz')).toBeTruthy();
  });

  it("shows the times in the clinic's time zone, not the browser's", async () => {
    stubApi({
      me: meAnswer({ clinic: { timeZone: 'Asia/Tokyo' } }),
      // 22:30 UTC on 20 November is 07:30 on 21 November in Tokyo.
      sent: () => json({ messages: [buildSent({ sentAt: '2026-11-20T22:30:00.000Z' })], nextCursor: null }),
      received: () =>
        json({ messages: [buildReceived({ receivedAt: '2026-11-20T23:45:00.000Z' })], nextCursor: null }),
    });
    renderPage(<ConversationsPage />, { path: '/conversations' });
    const sent = await region('Sent Messages');
    expect((await within(sent).findAllByRole('listitem'))[0]!.textContent).toContain('Nov 21, 2026, 7:30 AM');
    const received = await region('Received Messages');
    expect((await within(received).findAllByRole('listitem'))[0]!.textContent).toContain(
      'Nov 21, 2026, 8:45 AM',
    );
  });

  it('sends the search and channel filter to both lists', async () => {
    const api = stubApi({});
    renderPage(<ConversationsPage />, { path: '/conversations' });
    await region('Sent Messages');
    await userEvent.type(screen.getByLabelText('Search messages'), 'ana');
    await userEvent.click(screen.getByText('WhatsApp Only'));
    await waitFor(() => {
      const last = api.to('/api/conversations/sent').at(-1)!;
      expect([last.search.get('q'), last.search.get('channel')]).toEqual(['ana', 'whatsapp']);
    });
    const received = api.to('/api/conversations/received').at(-1)!;
    expect([received.search.get('q'), received.search.get('channel')]).toEqual(['ana', 'whatsapp']);
    await userEvent.click(screen.getByText('All Messages'));
    await waitFor(() => expect(api.to('/api/conversations/sent').at(-1)!.search.has('channel')).toBe(false));
  });

  it('pages one list with Next and Previous through its cursor, leaving the other on page 1', async () => {
    const api = stubApi({
      sent: (search) =>
        search.get('cursor') === 'page-2'
          ? json({ messages: [buildSent({ id: 'p2', content: 'Second page message' })], nextCursor: null })
          : json({
              messages: [buildSent({ id: 'p1', content: 'First page message' })],
              nextCursor: 'page-2',
            }),
    });
    renderPage(<ConversationsPage />, { path: '/conversations' });
    const sent = await region('Sent Messages');
    await within(sent).findByText('First page message');
    const previous = within(sent).getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    await userEvent.click(within(sent).getByRole('button', { name: 'Next' }));
    expect(await within(sent).findByText('Second page message')).toBeTruthy();
    expect(within(sent).getByText('Page 2')).toBeTruthy();
    expect((within(sent).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    const received = await region('Received Messages');
    expect(within(received).getByText('Page 1')).toBeTruthy();
    expect(api.to('/api/conversations/received').every((r) => !r.search.has('cursor'))).toBe(true);
    await userEvent.click(within(sent).getByRole('button', { name: 'Previous' }));
    expect(await within(sent).findByText('First page message')).toBeTruthy();
  });

  it("shows the spec's load errors", async () => {
    const failing = () => json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    stubApi({ sent: failing, received: failing });
    renderPage(<ConversationsPage />, { path: '/conversations' });
    expect(await screen.findByText('Error fetching conversations')).toBeTruthy();
    expect(await screen.findByText('Error fetching incoming messages')).toBeTruthy();
  });

  it('offers Simulate patient reply only to owners and admins of a sandbox clinic', async () => {
    stubApi({ me: meAnswer({ role: 'owner', clinic: { sandboxMode: false } }) });
    const first = renderPage(<ConversationsPage />, { path: '/conversations' });
    await region('Sent Messages');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Simulate patient reply' })).toBeNull());
    first.unmount();

    stubApi({ me: meAnswer({ role: 'staff', clinic: { sandboxMode: true } }) });
    const second = renderPage(<ConversationsPage />, { path: '/conversations' });
    await region('Sent Messages');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Simulate patient reply' })).toBeNull());
    second.unmount();
  });

  it('simulates a reply in sandbox mode: required fields first, then the POST and a refresh of the lists', async () => {
    const api = stubApi({ me: meAnswer({ role: 'owner', clinic: { sandboxMode: true } }) });
    renderPage(<ConversationsPage />, { path: '/conversations' });
    const card = await region('Simulate patient reply');
    await userEvent.click(within(card).getByRole('button', { name: 'Simulate reply' }));
    expect(await within(card).findByText('Patient is required')).toBeTruthy();
    expect(within(card).getByText('Reply text is required')).toBeTruthy();
    expect(api.to('/api/conversations/simulate-reply')).toHaveLength(0);

    await userEvent.type(within(card).getByLabelText(/^Patient/), 'Ana');
    await userEvent.click(await screen.findByText('Ana Ruiz · +34611222333'));
    await userEvent.type(within(card).getByLabelText(/^Reply text/), 'This was awful');
    const sentBefore = api.to('/api/conversations/sent').length;
    await userEvent.click(within(card).getByRole('button', { name: 'Simulate reply' }));
    await waitFor(() => expect(api.to('/api/conversations/simulate-reply')).toHaveLength(1));
    expect(api.to('/api/conversations/simulate-reply')[0]!.body).toEqual({
      patientId: 'P-1',
      channel: 'sms',
      text: 'This was awful',
    });
    expect(await screen.findByText('Reply received via SMS')).toBeTruthy();
    await waitFor(() => expect(api.to('/api/conversations/sent').length).toBeGreaterThan(sentBefore));
  });
});
