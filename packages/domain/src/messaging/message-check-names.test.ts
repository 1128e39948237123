import { describe, expect, it } from 'vitest';
import { checkOutgoingMessage } from './message-check';

// Name-aware checks: a patient's own name is never read as a health word, whichever
// part of the name the message uses and however it is written (case, accents, dotless i). The
// names below are real given names or surnames that are also words of the en/es/tr health list
// in review-reply.ts: dolores (es "pains"), ağrı (tr "pain", also a province and a given name),
// ateş (tr "fever", a common given name and surname), kan (tr "blood", a given name), yara
const health = (text: string, personNames: string[]) =>
  checkOutgoingMessage(text, { channel: 'whatsapp', personNames })
    .filter((p) => p.code === 'health_detail')
    .map((p) => p.found);

describe('checkOutgoingMessage: a patient name in any language is not a health word', () => {
  it.each([
    // es: first name, full name, surname part, upper case, without accents
    ['Hola Dolores, ¿qué tal tras su visita?', 'Dolores Martínez'],
    ['Hola DOLORES, ¿qué tal?', 'Dolores Martínez'],
    ['Hola María Dolores, gracias por venir.', 'María Dolores Ruiz'],
    ['Hola María-Dolores, gracias por venir.', 'María-Dolores Ruiz'],
    ['Estimada Sra. Fuertes de Dolores, gracias.', 'Ana Fuertes de Dolores'],
    ['Hola dolores, gracias.', 'Dolores Martínez'],
    // tr: dotted/dotless i, ş/s, upper case with İ
    ['Merhaba Ağrı, ziyaretiniz için teşekkürler.', 'Ağrı Yılmaz'],
    ['Merhaba AĞRI Hanım, teşekkürler.', 'Ağrı Yılmaz'],
    ['Merhaba Agri, teşekkürler.', 'Ağrı Yılmaz'],
    ['Merhaba Ateş Bey, teşekkürler.', 'Ateş Demir'],
    ['Merhaba Mehmet Ateş, teşekkürler.', 'Mehmet Ateş'],
    ['Merhaba ATEŞ, teşekkürler.', 'ateş kaya'],
    ['Merhaba Kan, teşekkürler.', 'Kan Öztürk'],
    ['Merhaba Yara, teşekkürler.', 'Yara Aydın'],
    // en: surnames that are health words
    ['Hi Mr Heal, thanks for visiting.', 'John Heal'],
    ['Dear Ms Blood, thank you.', 'Mary Blood'],
    ['Hi MARY BLOOD, thank you.', 'Mary Blood'],
  ])('%s (patient %s) has no health detail', (text, name) => {
    expect(health(text, [name])).toEqual([]);
  });

  it.each([
    // The name is exempt, the health words next to it are not.
    ['Hola Dolores, ¿sigue la fiebre?', 'Dolores Martínez', 'fiebre'],
    ['Merhaba Ağrı, ateş düştü mü?', 'Ağrı Yılmaz', 'ates'],
    ['Merhaba Ateş, ağrınız geçti mi?', 'Ateş Demir', 'agriniz'],
    ['Merhaba Kan, kanama durdu mu?', 'Kan Öztürk', 'kanama'],
    ['Hi Mr Heal, is the swelling gone?', 'John Heal', 'swelling'],
    // Another person's name is not exempt.
    ['Hola Dolores, gracias.', 'Ana Ruiz', 'dolores'],
    ['Merhaba Ateş, teşekkürler.', 'Ayşe Demir', 'ates'],
    // Without a name, the word is read as a health word.
    ['Dear Ms Blood, thank you.', '', 'blood'],
  ])('%s (patient %s) names the health detail %s (folded)', (text, name, found) => {
    expect(health(text, [name])).toEqual([found]);
  });
});
