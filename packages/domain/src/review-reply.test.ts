import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandTones } from './clinic-profile';
import {
  canApproveReviewReply,
  canDiscardReviewReply,
  canEditReviewReply,
  type ReviewReplyProblemCode,
  reviewReplyLanguages,
  reviewReplyMaxLength,
  reviewReplyStatuses,
} from './review-reply';
import { checkReviewReply } from './review-reply-check';
import { guessReviewLanguage, replyLanguageFor } from './review-reply-language';
import { draftTemplateReviewReply, reviewerFirstName } from './review-reply-template';

const codes = (text: string, context = {}) => {
  const result = checkReviewReply(text, context);
  return result.ok ? [] : result.problems.map((p) => p.code);
};

describe('checkReviewReply accepts replies that keep to generalities', () => {
  it.each([
    'Thank you for your feedback. We are sorry you were disappointed; please contact us directly so we can talk.',
    'Thank you for being patient with us while we look into this.',
    "We're sorry to read this. Please call us today so that we can understand what happened.",
    'Gracias por su opinión. Disculpe las molestias; póngase en contacto con nosotros directamente.',
    'Lamentamos que su experiencia no haya sido buena. Escríbanos y lo hablamos.',
    'Geri bildiriminiz için teşekkür ederiz. Belirttiğiniz konuyu konuşmak için lütfen bizimle iletişime geçin.',
    'Hizmetimizi iyileştirmek için görüşleriniz çok değerli. Lütfen bize doğrudan ulaşın.',
  ])('%s', (text) => {
    expect(checkReviewReply(text)).toEqual({ ok: true });
  });
});

describe('checkReviewReply rejects', () => {
  it.each<[string, ReviewReplyProblemCode[], string | null]>([
    ['', ['empty'], null],
    ['   \n ', ['empty'], null],
    ['x'.repeat(reviewReplyMaxLength + 1), ['too_long'], null],
    ['Dear [Reviewer Name], thank you.', ['placeholder'], '[Reviewer Name]'],
    ['Thanks {{patient_name}}!', ['placeholder'], '{{'],
    // Confirms the reviewer is a patient
    ['As our patient, your comfort matters to us.', ['confirms_patient'], 'As our patient'],
    ['We care about all our valued patients.', ['confirms_patient'], 'our valued patients'],
    ['We are sorry your appointment ran late.', ['confirms_patient'], 'your appointment'],
    ['Your doctor will call you.', ['confirms_patient'], 'Your doctor'],
    ['Our team treated you with care.', ['confirms_patient'], 'treated you'],
    ['Como nuestra paciente, nos importa.', ['confirms_patient'], 'Como nuestra paciente'],
    ['Revisaremos su cita con el equipo.', ['confirms_patient'], 'su cita'],
    ['Değerli hastamız, üzgünüz.', ['confirms_patient'], 'hastamız'],
    ['Randevunuz hakkında konuşalım.', ['confirms_patient'], 'Randevunuz'],
    // Names a treatment (and, with "your", confirms the patient too)
    ['We hope your treatment went well.', ['confirms_patient', 'names_treatment'], 'treatment'],
    ['Lamentamos lo de su tratamiento.', ['confirms_patient', 'names_treatment'], 'tratamiento'],
    ['Tedaviniz ile ilgili üzgünüz.', ['confirms_patient', 'names_treatment'], 'Tedaviniz'],
    ['Dental implants are our speciality.', ['names_treatment'], 'implants'],
    [
      'Teeth whitening can feel different for everyone.',
      ['names_treatment', 'health_detail'],
      'Teeth Whitening',
    ],
    ['El trasplante capilar requiere tiempo.', ['names_treatment'], 'Hair Transplant'],
    ['Saç ekimi sonrası süreç farklıdır.', ['names_treatment'], 'Hair Transplant'],
    ['Our rhinoplasty results are reviewed monthly.', ['names_treatment'], 'Plastic Surgery'],
    // Dates
    ['We looked at what happened on 12/03/2025.', ['names_date'], '12/03/2025'],
    ['Since March 3rd we have changed the rota.', ['names_date'], 'March 3rd'],
    ['We may call you.', [], null],
    ['What happened in February is not acceptable.', ['names_date'], 'February'],
    ['The team you met on Monday is sorry.', ['names_date'], 'Monday'],
    ['Sentimos lo ocurrido el 5 de mayo.', ['names_date'], '5 de mayo'],
    ['Lo que pasó ayer no es aceptable.', ['names_date'], 'ayer'],
    ['12 Ekim tarihinde yaşananlar için üzgünüz.', ['names_date'], '12 Ekim'],
    ['Geçen hafta yaşananlar için özür dileriz.', ['names_date'], 'Geçen hafta'],
    ['Your call at 10:30 was missed.', ['names_date'], '10:30'],
    // Health details
    ['We are sorry about the pain you felt.', ['health_detail'], 'pain'],
    ['Swelling is normal for a few days.', ['health_detail'], 'Swelling'],
    ['Lamentamos la inflamación y el dolor.', ['health_detail'], 'inflamación'],
    ['Ağrınız için geçmiş olsun.', ['health_detail'], 'Ağrınız'],
    ['Kanama ve şişlik için üzgünüz.', ['health_detail'], 'Kanama'],
    ['Wishing you a speedy recovery.', ['health_detail'], 'recovery'],
  ])('%j -> %j', (text, expected, found) => {
    const result = checkReviewReply(text);
    expect(codes(text)).toEqual(expected);
    if (found !== null && !result.ok) expect(result.problems.map((p) => p.found)).toContain(found);
  });

  it('lists each broken rule once, with its message key and the English message', () => {
    const result = checkReviewReply('As our patient, the pain after your implant on 3 May is our concern.');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.code)).toEqual([
      'confirms_patient',
      'names_treatment',
      'names_date',
      'health_detail',
    ]);
    expect(result.problems[0]).toMatchObject({
      key: 'reviews.reply.errors.confirmsPatient',
      message: 'The reply must not confirm that the reviewer is a patient',
    });
  });

  it('counts the length after trimming, up to the documented maximum', () => {
    expect(checkReviewReply(`  ${'a'.repeat(reviewReplyMaxLength)}  `)).toEqual({ ok: true });
    expect(codes('a'.repeat(reviewReplyMaxLength + 1))).toEqual(['too_long']);
  });
});

describe('checkReviewReply reads the clinic and reviewer names as names', () => {
  it.each([
    [
      'Thank you, Dolores. Kind regards, Smile Implant Centre',
      { clinicName: 'Smile Implant Centre', reviewerName: 'Dolores P.' },
    ],
    [
      'Dear April, thank you. The team at Istanbul Hair Transplant Clinic',
      { clinicName: 'Istanbul Hair Transplant Clinic', reviewerName: 'April' },
    ],
    ['Estimada Dolores, gracias por escribirnos.', { reviewerName: 'Dolores Ruiz' }],
  ])('%s', (text, context) => {
    expect(checkReviewReply(text, context)).toEqual({ ok: true });
    expect(checkReviewReply(text).ok).toBe(false);
  });

  it('still finds the words elsewhere in the text', () => {
    expect(codes('Our implant team at Smile Implant Centre', { clinicName: 'Smile Implant Centre' })).toEqual(
      ['names_treatment'],
    );
  });
});

describe('draftTemplateReviewReply', () => {
  const combinations = reviewReplyLanguages.flatMap((language) =>
    brandTones.map((brandTone) => [language, brandTone] as const),
  );

  it.each(combinations)(
    '%s / %s passes the check, with and without a name, and signs with the clinic',
    (language, brandTone) => {
      for (const reviewerFirstName of ['Lucía', null]) {
        const text = draftTemplateReviewReply({
          language,
          brandTone,
          clinicName: 'Clínica Sol',
          reviewerFirstName,
        });
        expect(
          checkReviewReply(text, { clinicName: 'Clínica Sol', reviewerName: reviewerFirstName }),
        ).toEqual({
          ok: true,
        });
        expect(text).toContain('Clínica Sol');
        if (reviewerFirstName) expect(text).toContain(reviewerFirstName);
        expect(text.length).toBeLessThan(reviewReplyMaxLength);
      }
    },
  );

  it('is deterministic and differs by language and tone', () => {
    const input = { language: 'es', brandTone: 'warm', clinicName: 'Sol' } as const;
    expect(draftTemplateReviewReply(input)).toBe(draftTemplateReviewReply(input));
    const all = new Set(
      combinations.map(([language, brandTone]) =>
        draftTemplateReviewReply({ language, brandTone, clinicName: 'Sol' }),
      ),
    );
    expect(all.size).toBe(combinations.length);
  });

  it('passes the check for any clinic and reviewer name', () => {
    const name = fc.stringMatching(/^[\p{L}][\p{L}' .&-]{0,40}$/u);
    fc.assert(
      fc.property(
        fc.constantFrom(...combinations),
        name,
        fc.option(fc.stringMatching(/^\p{Lu}\p{Ll}{1,15}$/u)),
        ([language, brandTone], clinicName, reviewerName) => {
          const text = draftTemplateReviewReply({
            language,
            brandTone,
            clinicName,
            reviewerFirstName: reviewerName,
          });
          expect(checkReviewReply(text, { clinicName, reviewerName })).toEqual({ ok: true });
        },
      ),
    );
  });
});

describe('reply language', () => {
  it.each([
    [{ language: 'es' }, null, 'es'],
    [{ language: 'es-ES' }, 'en', 'es'],
    [{ language: 'TR' }, 'en', 'tr'],
    [{ language: 'de' }, 'tr', 'tr'],
    [{ language: 'de' }, 'fr', 'en'],
    [{ language: null, text: 'La atención fue muy lenta y nadie nos llamó para la cita.' }, 'en', 'es'],
    [{ language: null, text: 'Çok beklettiler ve kimse bir açıklama yapmadı.' }, 'en', 'tr'],
    [{ language: null, text: 'The wait was very long and nobody called me back.' }, 'es', 'en'],
    [{ language: null, text: 'OK' }, 'es', 'es'],
    [{ language: null, text: null }, null, 'en'],
  ] as const)('%j with clinic default %s -> %s', (review, clinicDefault, expected) => {
    expect(replyLanguageFor(review, clinicDefault)).toBe(expected);
  });

  it('guesses nothing from a text too short to tell', () => {
    expect(guessReviewLanguage('Bad')).toBeNull();
    expect(guessReviewLanguage('')).toBeNull();
  });
});

describe('reviewerFirstName', () => {
  it.each([
    ['Ana R.', 'Ana'],
    ['Kemal Aydın', 'Kemal'],
    ['  Lucía  Fernández ', 'Lucía'],
    ['A Google User', null],
    ['Anonymous', null],
    ['anónimo', null],
    ['j.smith', null],
    ['JS', 'JS'],
    ['', null],
    [null, null],
  ])('%j -> %j', (name, expected) => {
    expect(reviewerFirstName(name)).toBe(expected);
  });
});

describe('reply status rules', () => {
  it.each([
    ['scheduled', true, false, true],
    ['drafted', true, true, true],
    ['approved', true, true, true],
    ['failed', true, true, true],
    ['posted', false, false, false],
    ['discarded', false, false, false],
  ] as const)('%s: edit %s, approve %s, discard %s', (status, edit, approve, discard) => {
    expect(canEditReviewReply(status)).toBe(edit);
    expect(canApproveReviewReply(status)).toBe(approve);
    expect(canDiscardReviewReply(status)).toBe(discard);
  });

  it('covers every status', () => {
    expect(reviewReplyStatuses).toEqual([
      'scheduled',
      'drafted',
      'approved',
      'posted',
      'discarded',
      'failed',
    ]);
  });
});
