/**
 * Who recorded a consent or an opt-out: every change is kept with its source and time, so a clinic
 * can show why it messaged a patient or stopped.
 * `keyword`: the patient's explicit marketing opt-in keyword reply (OFFERS, OFERTAS, KAMPANYA).
 * `api`: sent by the clinic's own system through the public API (an API client, not a person).
 */
export const consentSources = ['patient_reply', 'staff', 'import', 'provider', 'keyword', 'api'] as const;
export type ConsentSource = (typeof consentSources)[number];

/** Marketing consent as last recorded: granted, or withdrawn (nothing recorded: null). */
export const marketingConsentStates = ['granted', 'withdrawn'] as const;
export type MarketingConsentState = (typeof marketingConsentStates)[number];

export function isConsentSource(value: unknown): value is ConsentSource {
  return consentSources.some((source) => source === value);
}

export function isMarketingConsentState(value: unknown): value is MarketingConsentState {
  return marketingConsentStates.some((state) => state === value);
}
