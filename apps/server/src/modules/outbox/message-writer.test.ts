import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../integrations/http/provider-http';
import type { OpenAiClient } from '../../integrations/openai/openai.client';
import { buildMessagePrompt, type MessageWriterInput, writeMessage } from './message-writer';

const input: MessageWriterInput = {
  channel: 'sms',
  messageType: 'followup',
  language: 'es',
  brandTone: 'warm',
  clinicName: 'Sunrise Dental',
  patientName: 'Lucía Gómez',
  treatment: 'Dental Implant',
  daysAfterTreatment: 7,
};

const modelAnswering = (answer: () => Promise<string | null>) => ({
  model: 'test-model',
  client: {
    createChatCompletion: async () => ({
      id: null,
      model: null,
      content: await answer(),
      refusal: null,
      finishReason: 'stop',
      usage: null,
    }),
  } as unknown as OpenAiClient,
});

describe('writeMessage', () => {
  it('uses the starter template in the patient language when no model is configured', async () => {
    const written = await writeMessage(null, input, []);
    expect(written).toMatchObject({ ok: true, source: 'template', aiNote: null });
    if (!written.ok) throw new Error('not written');
    expect(written.text).toBe(
      'Hola Lucía, le escribimos de Sunrise Dental. Esperamos que se esté recuperando bien de su implante dental. Responda a este mensaje si tiene cualquier pregunta.',
    );
  });

  it("prefers the clinic's own template for the language and channel", async () => {
    const written = await writeMessage(null, input, [
      { body: 'Hi {{patient_name}}', category: 'post_op_care', language: 'en', templateType: 'sms' },
      {
        body: 'Hola {{patient_name}} (WhatsApp)',
        category: 'post_op_care',
        language: 'es',
        templateType: 'whatsapp',
      },
      {
        body: 'Hola {{patient_name}}, saludos de {{clinic_name}}.',
        category: 'post_op_care',
        language: 'es',
        templateType: 'sms',
      },
    ]);
    expect(written).toMatchObject({ ok: true, text: 'Hola Lucía, saludos de Sunrise Dental.' });
  });

  it("skips a clinic template that does not pass the check and uses the starter's", async () => {
    const written = await writeMessage(null, { ...input, language: 'en' }, [
      {
        body: 'Hi {{patient_name}}, any bleeding?',
        category: 'post_op_care',
        language: 'en',
        templateType: 'sms',
      },
    ]);
    expect(written).toMatchObject({ ok: true, source: 'template' });
    if (written.ok) expect(written.text).toContain('Hi Lucía, this is Sunrise Dental');
  });

  it('takes the AI text when it passes, and the template when it names a health detail or the model fails', async () => {
    const good =
      'Hola Lucía, ¿qué tal todo tras su Dental Implant? Escríbanos si tiene preguntas. Sunrise Dental';
    expect(
      await writeMessage(
        modelAnswering(async () => `"${good}"`),
        input,
        [],
      ),
    ).toMatchObject({
      ok: true,
      source: 'ai',
      text: good,
    });
    expect(
      await writeMessage(
        modelAnswering(async () => 'Hola Lucía, ¿tiene dolor o fiebre?'),
        input,
        [],
      ),
    ).toMatchObject({ ok: true, source: 'template', aiNote: 'ai_rejected', aiProblems: ['health_detail'] });
    const failing = modelAnswering(async () => {
      throw new ProviderError('openai', 'unavailable', 'down', 503);
    });
    expect(await writeMessage(failing, input, [])).toMatchObject({
      ok: true,
      source: 'template',
      aiNote: 'ai_failed',
    });
  });

  it('writes the cross-sell text from its own template', async () => {
    const written = await writeMessage(null, { ...input, messageType: 'crosssell', language: 'tr' }, []);
    expect(written.ok && written.text).toContain('Başka tedavilerimiz de var');
  });
});

describe('buildMessagePrompt', () => {
  it('names tone, language, treatment, day, type and the health rule', () => {
    const prompt = JSON.stringify(buildMessagePrompt(input));
    for (const part of [
      'Language: es',
      'Spanish',
      'warm and caring',
      // The treatment in the message's language.
      'implante dental',
      'Days since the treatment: 7',
      'Message type: followup',
      'Never mention pain',
      'Greet the patient as Lucía',
    ])
      expect(prompt).toContain(part);
  });
});
