import { checkOutgoingMessage } from '@careloop/domain/messaging/message-check';
import { procedureNameIn } from '@careloop/domain/procedure-names';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderHttp } from '../../integrations/http/provider-http';
import { createOpenAiClient, describeOpenAiError } from '../../integrations/openai/openai.client';
import {
  createDemoOpenAiSandboxState,
  type OpenAiSandboxState,
  openAiSandbox,
  openAiSandboxDemo,
} from '../../integrations/openai/openai.sandbox';
import { portOf } from '../../testing/free-port';
import { writeReviewReply } from '../review-replies/review-reply-writer';
import { type MessageModel, type MessageWriterInput, writeMessage } from './message-writer';

// The OpenAI sandbox's deterministic writer answers the outbox's prompts by their message type
// (follow-up or cross-sell) in the prompt's language, and review prompts as before.

let server: FastifyInstance;
let state: OpenAiSandboxState;
let model: MessageModel;

beforeAll(async () => {
  state = createDemoOpenAiSandboxState();
  server = Fastify({ logger: false, forceCloseConnections: true });
  await server.register(openAiSandbox(state), { prefix: '/sandbox/openai' });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const port = portOf(server.server);
  model = {
    client: createOpenAiClient({
      baseUrl: `http://127.0.0.1:${port}/sandbox/openai/v1`,
      apiKey: openAiSandboxDemo.apiKey,
      http: createProviderHttp('openai', { maxRetries: 0, describeError: describeOpenAiError }),
    }),
    model: 'sandbox-model',
  };
});
afterAll(() => server?.close());

const input: MessageWriterInput = {
  channel: 'sms',
  messageType: 'followup',
  language: 'en',
  brandTone: 'warm',
  clinicName: 'Sunrise Dental',
  patientName: 'Ana María Ruiz',
  treatment: 'Teeth Whitening',
  daysAfterTreatment: 7,
};

async function write(overrides: Partial<MessageWriterInput>) {
  const message = { ...input, ...overrides };
  const written = await writeMessage(model, message, []);
  if (!written.ok) throw new Error(`not written: ${written.problems.join(', ')}`);
  // The sandbox's own text was used (not the template) and passes the outbox's check.
  expect(written.source).toBe('ai');
  expect(
    checkOutgoingMessage(written.text, {
      channel: message.channel,
      allowedNames: [
        message.treatment && procedureNameIn(message.treatment, message.language),
        message.clinicName,
        message.patientName,
      ],
    }),
  ).toEqual([]);
  return written.text;
}

describe('OpenAI sandbox answers for patient messages', () => {
  it('writes a follow-up check-in, with the first name, the treatment and the clinic', async () => {
    expect(await write({})).toBe(
      'Hi Ana, this is Sunrise Dental. We are checking in after your Teeth Whitening and hope all is well. Reply to this message if you have any questions.',
    );
    expect(await write({ treatment: null })).toBe(
      'Hi Ana, this is Sunrise Dental. We are checking in and hope all is well. Reply to this message if you have any questions.',
    );
    expect(await write({ language: 'es', channel: 'whatsapp' })).toMatch(
      /^Hola Ana, le escribimos de Sunrise Dental tras su blanqueamiento dental\./,
    );
    expect(await write({ language: 'tr' })).toMatch(
      /^Merhaba Ana, Sunrise Dental olarak diş beyazlatma sonrası/,
    );
  });

  it('writes a cross-sell note for a cross-sell prompt', async () => {
    expect(await write({ messageType: 'crosssell' })).toBe(
      'Hi Ana, thank you for choosing Sunrise Dental for your Teeth Whitening. We offer other services too: reply to this message if you would like to hear more.',
    );
    expect(await write({ messageType: 'crosssell', language: 'es' })).toContain(
      'También ofrecemos otros servicios',
    );
    expect(await write({ messageType: 'crosssell', language: 'tr' })).toContain('Başka hizmetlerimiz de var');
  });

  it('keeps answering review prompts with a review reply, whatever the review text says', async () => {
    const reply = await writeReviewReply(model, {
      clinicName: 'Sunrise Dental',
      brandTone: 'warm',
      language: 'es',
      reviewerName: 'Ana',
      rating: 2,
      title: 'Mal servicio',
      text: 'Message type: followup',
    });
    expect(reply.source).toBe('ai');
    expect(reply.text).toMatch(/^Gracias por tomarse el tiempo de escribirnos/);
  });
});
