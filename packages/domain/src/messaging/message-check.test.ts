import { describe, expect, it } from 'vitest';
import {
  checkOutgoingMessage,
  type MessageProblemCode,
  type OutgoingMessageContext,
  smsMaxSegments,
  smsSize,
  whatsAppTextMaxLength,
} from './message-check';

const a = (n: number) => 'a'.repeat(n);

describe('smsSize: GSM-7 and UCS-2 segments', () => {
  it.each<[string, string, 'gsm7' | 'ucs2', number, number]>([
    ['empty', '', 'gsm7', 0, 0],
    ['160 plain characters', a(160), 'gsm7', 160, 1],
    ['161 plain characters', a(161), 'gsm7', 161, 2],
    ['306 plain characters', a(306), 'gsm7', 306, 2],
    ['307 plain characters', a(307), 'gsm7', 307, 3],
    ['459 plain characters', a(459), 'gsm7', 459, 3],
    ['460 plain characters', a(460), 'gsm7', 460, 4],
    ['80 euro signs take 2 septets each', '€'.repeat(80), 'gsm7', 160, 1],
    ['81 euro signs', '€'.repeat(81), 'gsm7', 162, 2],
    ['an escape is never split across parts', `${a(152)}€${a(152)}`, 'gsm7', 306, 3],
    ['Spanish in GSM-7: ¿ ñ é ü', '¿Qué tal? Año, pingüino', 'gsm7', 23, 1],
    ['Spanish with á is UCS-2', '¿Cómo está?', 'ucs2', 11, 1],
    ['Turkish ş ı ğ are UCS-2', 'Teşekkürler, iyi günler', 'ucs2', 23, 1],
    ['70 UCS-2 characters', 'ş'.repeat(70), 'ucs2', 70, 1],
    ['71 UCS-2 characters', 'ş'.repeat(71), 'ucs2', 71, 2],
    ['134 UCS-2 characters', 'ş'.repeat(134), 'ucs2', 134, 2],
    ['135 UCS-2 characters', 'ş'.repeat(135), 'ucs2', 135, 3],
    ['one Turkish letter turns a long text into UCS-2', `${a(69)}ı`, 'ucs2', 70, 1],
    ['35 emoji are 70 code units', '😀'.repeat(35), 'ucs2', 70, 1],
    ['an emoji is never split across parts', `${a(66)}😀${a(66)}`, 'ucs2', 134, 3],
  ])('%s', (_name, text, encoding, units, segments) => {
    expect(smsSize(text)).toEqual({ encoding, units, segments });
  });
});

const codesOf = (text: string, context: OutgoingMessageContext) =>
  checkOutgoingMessage(text, context).map((p) => (p.found ? `${p.code}: ${p.found}` : p.code));

describe('checkOutgoingMessage', () => {
  const sms: OutgoingMessageContext = { channel: 'sms' };
  const whatsapp: OutgoingMessageContext = { channel: 'whatsapp' };
  it.each<[string, string, OutgoingMessageContext, string[]]>([
    [
      'a plain follow-up',
      'Hi Ana, how are you feeling after your visit? Reply any time. Smile Clinic',
      sms,
      [],
    ],
    ['empty', '  \n', sms, ['empty']],
    ['SMS at the segment limit', a(459), sms, []],
    ['SMS one segment over', a(460), sms, ['too_many_segments']],
    ['Turkish SMS over three UCS-2 segments', 'ş'.repeat(202), sms, ['too_many_segments']],
    ['a one-segment limit', a(161), { channel: 'sms', maxSmsSegments: 1 }, ['too_many_segments']],
    ['WhatsApp at 4,096', a(whatsAppTextMaxLength), whatsapp, []],
    ['WhatsApp at 4,097', a(whatsAppTextMaxLength + 1), whatsapp, ['too_long']],
    ['a long WhatsApp text is no SMS problem', a(1000), whatsapp, []],
    // Health details
    [
      'the treatment name is allowed although it holds a health word',
      'We hope your recovery after your Teeth Whitening is going well.',
      { channel: 'sms', allowedNames: ['Teeth Whitening'] },
      [],
    ],
    [
      'the same words without the name allowed',
      'How are your teeth after the whitening?',
      sms,
      ['health_detail: teeth'],
    ],
    ['symptoms', 'Any pain or swelling after your Hair Transplant?', sms, ['health_detail: pain']],
    ['medication', 'Remember to take your antibiotics today.', sms, ['health_detail: antibiotics']],
    ['grafts', 'Your grafts should settle this week.', sms, ['health_detail: grafts']],
    ['Spanish symptom', '¿Tiene dolor tras su Implante Dental?', sms, ['health_detail: dolor']],
    ['Spanish recovery is general', '¿Qué tal su recuperación tras el Dental Implant?', sms, []],
    ['Turkish symptom', 'Ağrınız var mı?', sms, ['health_detail: agriniz']],
    ['Turkish recovery is general', 'İyileşme süreciniz nasıl gidiyor?', sms, []],
    [
      'a cross-sell may name the treatment it offers',
      'Thank you for your kind review! Ask us about Teeth Whitening this month.',
      { channel: 'whatsapp', allowedNames: ['Hair Transplant', 'Teeth Whitening', null] },
      [],
    ],
    // Variables and placeholders
    [
      'a known variable left unfilled',
      'Hi {{patient_name}}, how are you?',
      sms,
      ['unfilled_variable: {{patient_name}}'],
    ],
    ['an unknown variable', 'Hi {{first_name}}!', sms, ['unknown_variable: {{first_name}}']],
    [
      'both, each listed',
      'Hi {{ first_name }}, about your {{procedure}} and {{doctor}}',
      sms,
      ['unknown_variable: {{first_name}}, {{doctor}}', 'unfilled_variable: {{procedure}}'],
    ],
    ['an AI placeholder', 'Dear [Patient Name], we hope you are well.', sms, ['placeholder: [Patient Name]']],
    ['a broken variable', 'Hi {{patient name}}', sms, ['placeholder: {{']],
    [
      'a variable and a placeholder',
      'Hi {{patient_name}} from <Clinic>',
      sms,
      ['unfilled_variable: {{patient_name}}', 'placeholder: <Clinic>'],
    ],
    [
      'several problems, in a fixed order',
      `Dear [Name], any bleeding? ${a(460)}`,
      sms,
      ['too_many_segments', 'health_detail: bleeding', 'placeholder: [Name]'],
    ],
  ])('%s', (_name, text, context, expected) => {
    expect(codesOf(text, context)).toEqual(expected);
  });

  it('size problems carry the count and the limit', () => {
    const [tooMany] = checkOutgoingMessage(a(460), { channel: 'sms' });
    expect(tooMany).toMatchObject({ code: 'too_many_segments', actual: 4, limit: smsMaxSegments });
    const [tooLong] = checkOutgoingMessage(a(5000), { channel: 'whatsapp' });
    expect(tooLong).toMatchObject({ code: 'too_long', actual: 5000, limit: 4096 });
  });

  it('every problem has a translation key and the English message', () => {
    const codes: MessageProblemCode[] = [];
    for (const problem of checkOutgoingMessage(`[x] {{a}} {{procedure}} pain ${a(5000)}`, {
      channel: 'whatsapp',
    })) {
      codes.push(problem.code);
      expect(problem.key).toMatch(/^automation\.messageCheck\./);
      expect(problem.message.length).toBeGreaterThan(0);
    }
    expect(codes).toEqual([
      'too_long',
      'health_detail',
      'unknown_variable',
      'unfilled_variable',
      'placeholder',
    ]);
  });
});

describe('checkOutgoingMessage: a person name is never a health word', () => {
  it.each([
    ['Hola Dolores, ¿qué tal tras su visita?', 'Dolores Martínez', true],
    ['Merhaba Ağrı, ziyaretiniz nasıldı?', 'Ağrı Yılmaz', true],
    ['Hola Dolores, ¿siguen los dolores y la fiebre?', 'Dolores Martínez', false],
    ['Hola Ana, ¿siguen los dolores?', 'Ana Ruiz', false],
  ])('%s (patient %s) may be sent: %s', (text, patientName, ok) => {
    const problems = checkOutgoingMessage(text, { channel: 'whatsapp', personNames: [patientName] });
    expect(problems.some((p) => p.code === 'health_detail')).toBe(!ok);
  });
});
