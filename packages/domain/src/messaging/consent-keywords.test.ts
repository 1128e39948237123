import { describe, expect, it } from 'vitest';
import { consentKeywordOf, type ReplyIntent } from './consent-keywords';
import { classifyReply } from './reply-classification';

const intentOf = (text: string) => consentKeywordOf(text)?.intent ?? null;

describe('the marketing opt-in keyword: the whole message', () => {
  it.each<[string, ReplyIntent | null]>([
    // English
    ['OFFERS', 'marketing_opt_in'],
    ['offers', 'marketing_opt_in'],
    ['  Offers!  ', 'marketing_opt_in'],
    ['Offers please', 'marketing_opt_in'],
    ['Yes offers', 'marketing_opt_in'],
    ['YES, OFFERS', 'marketing_opt_in'],
    ['Send me offers', 'marketing_opt_in'],
    ['ok, offers, thanks', 'marketing_opt_in'],
    // Spanish
    ['OFERTAS', 'marketing_opt_in'],
    ['Ofertas, gracias', 'marketing_opt_in'],
    ['Sí, ofertas', 'marketing_opt_in'],
    ['Quiero ofertas por favor', 'marketing_opt_in'],
    ['Envíame ofertas', 'marketing_opt_in'],
    // Turkish
    ['KAMPANYA', 'marketing_opt_in'],
    ['Kampanyalar', 'marketing_opt_in'],
    ['Evet kampanya', 'marketing_opt_in'],
    ['kampanya istiyorum lütfen', 'marketing_opt_in'],
    // Channel words stay what they were: START resumes a channel, it does not agree to marketing
    ['START', 'opt_in'],
    ['ALTA', 'opt_in'],
    ['BAŞLA', 'opt_in'],
    ['Opt in', 'opt_in'],
    ['STOP', 'opt_out'],
    ['Baja', 'opt_out'],
    ['RET', 'opt_out'],
    ['HELP', 'help'],
    // Not an agreement: a question, a refusal, a longer sentence, yes alone, the word inside another
    ['Any offers?', null],
    // a refusal withdraws consent (its own intent, below), it never gives it
    ['No offers', 'marketing_opt_out'],
    ['No offers please', 'marketing_opt_out'],
    ['No quiero ofertas', 'marketing_opt_out'],
    ['Kampanya istemiyorum', 'marketing_opt_out'],
    ['Do you have offers for whitening?', null],
    ['¿Tenéis ofertas de blanqueamiento?', null],
    ['Kampanya var mı?', null],
    ['Offer', null],
    ['Yes', null],
    ['Sí', null],
    ['Evet', null],
    ['Offerstop', null],
    ['stop offers', 'marketing_opt_out'],
    ['', null],
  ])('%j -> %s', (text, expected) => {
    expect(intentOf(text)).toBe(expected);
  });

  it('names the word it read, folded', () => {
    expect(consentKeywordOf('Sí, OFERTAS por favor')).toEqual({
      intent: 'marketing_opt_in',
      keyword: 'si ofertas',
    });
    expect(consentKeywordOf('KAMPANYALAR')).toEqual({ intent: 'marketing_opt_in', keyword: 'kampanyalar' });
  });

  it('is what classifyReply reads: a keyword, no alert, never answered by AI', () => {
    for (const text of ['OFFERS', 'Ofertas', 'Kampanya']) {
      const classification = classifyReply(text);
      expect(classification).toMatchObject({
        intent: 'marketing_opt_in',
        alert: null,
        positive: false,
        canAnswerWithAi: false,
      });
    }
    // A complaint that mentions offers is a complaint, not a consent.
    expect(classifyReply('Your offers are terrible').intent).toBeNull();
  });
});

describe('withdrawing marketing consent: the whole message, care messages untouched', () => {
  it.each<[string, ReplyIntent | null]>([
    ['Stop promotions', 'marketing_opt_out'],
    ['STOP OFFERS', 'marketing_opt_out'],
    ['No more offers, thanks', 'marketing_opt_out'],
    ['Unsubscribe offers', 'marketing_opt_out'],
    ['No quiero ofertas, gracias', 'marketing_opt_out'],
    ['Sin ofertas', 'marketing_opt_out'],
    ['No más ofertas', 'marketing_opt_out'],
    ['Kampanya istemiyorum', 'marketing_opt_out'],
    ['Promosyonları durdur', 'marketing_opt_out'],
    ['Kampanyaları durdur lütfen', 'marketing_opt_out'],
    ['RET KAMPANYA', 'marketing_opt_out'],
    // still the channel's own words
    ['No más', 'opt_out'],
    ['STOP', 'opt_out'],
    // a question about offers is neither
    ['Any promotions this month?', null],
  ])('%j -> %s', (text, expected) => {
    expect(intentOf(text)).toBe(expected);
  });
});

describe('an opt-out keyword as people actually send it', () => {
  it.each<[string, ReplyIntent | null]>([
    ['stop stop', 'opt_out'],
    ['STOP STOP STOP', 'opt_out'],
    ['STOP.\nSent from my iPhone', 'opt_out'],
    ['Stop\n\nSent from my Samsung Galaxy', 'opt_out'],
    ['BAJA\nEnviado desde mi iPhone', 'opt_out'],
    ["DUR\niPhone'umdan gönderildi", 'opt_out'],
    ['basta', 'opt_out'],
    ['Ya basta', 'opt_out'],
    ['Cancelar suscripción', 'opt_out'],
    ['Mesaj gelmesin', 'opt_out'],
    ['START START', 'opt_in'],
    // a signature alone, or a word said twice that is no keyword, is nothing
    ['Sent from my iPhone', null],
    ['thanks thanks', null],
    ['stop start', null],
  ])('%j -> %s', (text, expected) => {
    expect(intentOf(text)).toBe(expected);
  });
});
