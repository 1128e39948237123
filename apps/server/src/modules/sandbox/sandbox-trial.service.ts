import type { SampleReviewsResponse, SandboxTestCredentials } from '@careloop/contracts/sandbox';
import type { AppDeps } from '../../app-deps';
import { twilioSandboxDemo } from '../../integrations/twilio/twilio.sandbox';
import { whatsAppSandboxDemo } from '../../integrations/whatsapp/whatsapp-sandbox-state';
import { conflict } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { ingestClinicReviews } from '../ingestion/ingestion.service';
import { saveTrustpilot } from '../settings/settings.service';
import { postSandboxReview } from './sandbox-reviews.service';

// The trial without reading docs: the fakes' own credentials to fill in, and reviews to look at.

type Caller = Pick<ClinicContext, 'clinicId' | 'userId' | 'user' | 'clinic'>;

function requireSandbox(ctx: Caller) {
  if (ctx.clinic.sandboxMode !== 'on') throw conflict('The clinic is not in sandbox mode');
}

export function sandboxTestCredentials(ctx: Caller): SandboxTestCredentials {
  requireSandbox(ctx);
  return {
    whatsapp: {
      accessToken: whatsAppSandboxDemo.accessToken,
      phoneNumberId: whatsAppSandboxDemo.phoneNumberId,
    },
    sms: {
      provider: 'twilio',
      accountSid: twilioSandboxDemo.accountSid,
      authToken: twilioSandboxDemo.authToken,
      fromNumber: twilioSandboxDemo.fromNumber,
    },
  };
}

type Sample = { stars: number; reviewerName: string; title: string; text: string; daysAgo: number };

/** A happy patient, a good one, and an unhappy one (which opens a case): in the clinic's language. */
const samples: Record<'en' | 'es' | 'tr', readonly Sample[]> = {
  en: [
    {
      stars: 5,
      reviewerName: 'Emma W.',
      title: 'Wonderful care',
      text: 'Painless implant and a very kind team.',
      daysAgo: 1,
    },
    {
      stars: 4,
      reviewerName: 'James R.',
      title: 'Very good',
      text: 'Great result, the waiting room was busy.',
      daysAgo: 2,
    },
    {
      stars: 2,
      reviewerName: 'Olivia K.',
      title: 'Disappointed',
      text: 'Still sore a week later and nobody called back.',
      daysAgo: 3,
    },
  ],
  es: [
    {
      stars: 5,
      reviewerName: 'Carmen V.',
      title: 'Trato excelente',
      text: 'El implante no dolió y el equipo fue muy amable.',
      daysAgo: 1,
    },
    {
      stars: 4,
      reviewerName: 'Javier M.',
      title: 'Muy bien',
      text: 'Buen resultado, aunque la sala de espera estaba llena.',
      daysAgo: 2,
    },
    {
      stars: 2,
      reviewerName: 'Lucía R.',
      title: 'Decepcionada',
      text: 'Una semana después sigo con dolor y nadie me llamó.',
      daysAgo: 3,
    },
  ],
  tr: [
    {
      stars: 5,
      reviewerName: 'Ayşe K.',
      title: 'Harika ilgi',
      text: 'İmplant hiç acımadı, ekip çok nazikti.',
      daysAgo: 1,
    },
    {
      stars: 4,
      reviewerName: 'Mehmet Y.',
      title: 'Çok iyi',
      text: 'Sonuç güzel, bekleme salonu kalabalıktı.',
      daysAgo: 2,
    },
    {
      stars: 2,
      reviewerName: 'Zeynep D.',
      title: 'Hayal kırıklığı',
      text: 'Bir hafta sonra hâlâ ağrım var ve kimse aramadı.',
      daysAgo: 3,
    },
  ],
};

const languageOf = (value: string | null | undefined): 'en' | 'es' | 'tr' =>
  value === 'es' || value === 'tr' ? value : 'en';

/**
 * Posts sample reviews on the clinic's own sandbox Trustpilot page, connects that page (as Settings >
 * Trustpilot would) and syncs: the reviews arrive as real ones do, matched and opening cases.
 */
export async function addSampleReviews(
  deps: Pick<AppDeps, 'db' | 'secretBox' | 'config' | 'sandboxes'>,
  ctx: Caller,
  now: Date,
): Promise<SampleReviewsResponse> {
  requireSandbox(ctx);
  const language = languageOf(ctx.clinic.defaultLanguage);
  let page = { apiKey: '', businessUnitId: '' };
  for (const sample of samples[language]) {
    const { daysAgo, ...review } = sample;
    page = postSandboxReview(deps, ctx.clinic, {
      ...review,
      language,
      createdAt: new Date(now.getTime() - daysAgo * 86_400_000),
    });
  }
  await saveTrustpilot(deps, ctx, { apiKey: page.apiKey, businessUnitId: page.businessUnitId });
  // Synced after the save, so the sync is the Trustpilot connection's latest check.
  const result = await ingestClinicReviews(deps, ctx.clinicId);
  return { posted: samples[language].length, imported: result.importedCount };
}
