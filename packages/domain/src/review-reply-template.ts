import type { BrandTone } from './clinic-profile';
import type { ReviewReplyLanguage } from './review-reply';
import { foldPhrase } from './review-reply-check';

// Replies drafted without AI, from templates per language and brand tone.

const notNames = new Set([
  'anonymous',
  'anonim',
  'anonimo',
  'customer',
  'cliente',
  'musteri',
  'user',
  'usuario',
]);

/** The reviewer's first name for a greeting, or null when the display name is not a usable name. */
export function reviewerFirstName(reviewerName: string | null | undefined): string | null {
  const first = reviewerName?.trim().split(/\s+/)[0] ?? '';
  if (!/^\p{Lu}[\p{L}'’-]+$/u.test(first) || first.length > 30) return null;
  if (notNames.has(foldPhrase(first))) return null;
  return first;
}

type TemplateParts = { greeting: (name: string | null) => string; body: string; signOff: string };

// {clinic} is replaced by the clinic's name. Every combination passes `checkReviewReply` (tested).
const templates: Record<ReviewReplyLanguage, Record<BrandTone, TemplateParts>> = {
  en: {
    professional: {
      greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
      body: 'Thank you for taking the time to share your feedback. We are sorry to hear that your experience did not meet your expectations. We take every comment seriously and would welcome the chance to look into this with you. Please contact us directly so that we can talk it through.',
      signOff: 'Kind regards,\n{clinic}',
    },
    friendly: {
      greeting: (name) => (name ? `Hi ${name},` : 'Hi there,'),
      body: "Thanks so much for sharing your feedback, and we're sorry things didn't go the way you hoped. We'd really like to make this right, so please get in touch with us directly and we'll take a closer look together.",
      signOff: 'Best wishes,\nThe {clinic} team',
    },
    warm: {
      greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
      body: 'Thank you for sharing your thoughts with us. We are truly sorry to read that you were left disappointed. Your feedback matters to us, and we would be grateful for the chance to speak with you personally. Please reach out to us directly whenever it suits you.',
      signOff: 'Warm regards,\n{clinic}',
    },
    formal: {
      greeting: (name) => (name ? `Dear ${name},` : 'Dear reviewer,'),
      body: 'We thank you for your review. We regret that your experience did not meet your expectations. We would be grateful if you would contact us directly so that we may look into this matter.',
      signOff: 'Yours sincerely,\n{clinic}',
    },
  },
  es: {
    professional: {
      greeting: (name) => (name ? `Estimado/a ${name}:` : 'Hola:'),
      body: 'Gracias por dedicar su tiempo a compartir su opinión. Lamentamos que su experiencia no haya estado a la altura de sus expectativas. Tomamos en serio cada comentario y nos gustaría analizarlo con usted. Le rogamos que se ponga en contacto con nosotros directamente para hablarlo.',
      signOff: 'Un cordial saludo,\n{clinic}',
    },
    friendly: {
      greeting: (name) => (name ? `Hola, ${name}:` : '¡Hola!'),
      body: 'Muchas gracias por contarnos tu opinión, y sentimos que las cosas no salieran como esperabas. Nos encantaría arreglarlo, así que escríbenos directamente y lo vemos juntos con calma.',
      signOff: 'Un abrazo,\nEl equipo de {clinic}',
    },
    warm: {
      greeting: (name) => (name ? `Querido/a ${name}:` : 'Hola:'),
      body: 'Gracias de corazón por compartir con nosotros lo que piensa. Sentimos mucho que se haya llevado una decepción. Su opinión nos importa y nos encantaría poder hablar con usted personalmente. Póngase en contacto con nosotros directamente cuando le venga bien.',
      signOff: 'Con afecto,\n{clinic}',
    },
    formal: {
      greeting: (name) => (name ? `Estimado/a ${name}:` : 'Estimado/a señor/a:'),
      body: 'Le agradecemos su reseña. Lamentamos que su experiencia no haya cumplido sus expectativas. Le agradeceríamos que se pusiera en contacto con nosotros directamente para que podamos examinar este asunto.',
      signOff: 'Atentamente,\n{clinic}',
    },
  },
  tr: {
    professional: {
      greeting: (name) => (name ? `Sayın ${name},` : 'Merhaba,'),
      body: 'Görüşlerinizi paylaşmak için zaman ayırdığınız için teşekkür ederiz. Deneyiminizin beklentilerinizi karşılamadığını duyduğumuz için üzgünüz. Her yorumu ciddiye alıyoruz ve bu konuyu sizinle birlikte ele almak isteriz. Konuşabilmemiz için lütfen bizimle doğrudan iletişime geçin.',
      signOff: 'Saygılarımızla,\n{clinic}',
    },
    friendly: {
      greeting: (name) => (name ? `Merhaba ${name},` : 'Merhaba,'),
      body: 'Görüşlerini paylaştığın için çok teşekkürler; işlerin umduğun gibi gitmediği için üzgünüz. Bunu düzeltmeyi gerçekten isteriz, lütfen bize doğrudan yaz, birlikte yakından bakalım.',
      signOff: 'Sevgiler,\n{clinic} ekibi',
    },
    warm: {
      greeting: (name) => (name ? `Sevgili ${name},` : 'Merhaba,'),
      body: 'Düşüncelerinizi bizimle paylaştığınız için içtenlikle teşekkür ederiz. Hayal kırıklığı yaşadığınızı okumak bizi gerçekten üzdü. Görüşleriniz bizim için değerli ve sizinle bizzat konuşma fırsatı bulursak çok seviniriz. Size uygun olduğunda lütfen bize doğrudan ulaşın.',
      signOff: 'Sıcak selamlarımızla,\n{clinic}',
    },
    formal: {
      greeting: (name) => (name ? `Sayın ${name},` : 'Sayın yetkili,'),
      body: 'Değerlendirmeniz için teşekkür ederiz. Deneyiminizin beklentilerinizi karşılamamış olmasından dolayı üzüntü duyuyoruz. Konuyu inceleyebilmemiz için bizimle doğrudan iletişime geçmenizi rica ederiz.',
      signOff: 'Saygılarımızla,\n{clinic}',
    },
  },
};

export type TemplateReviewReplyInput = {
  language: ReviewReplyLanguage;
  brandTone: BrandTone;
  clinicName: string;
  reviewerFirstName?: string | null;
};

/**
 * A reply without AI: greeting, apology, an invitation to talk privately, the clinic's name. Says
 * nothing about the reviewer's care, so it passes `checkReviewReply` whatever the review said.
 */
export function draftTemplateReviewReply(input: TemplateReviewReplyInput): string {
  const parts = templates[input.language][input.brandTone];
  const name = input.reviewerFirstName?.trim() || null;
  const signOff = parts.signOff.replace('{clinic}', input.clinicName.trim());
  return `${parts.greeting(name)}\n\n${parts.body}\n\n${signOff}`;
}
