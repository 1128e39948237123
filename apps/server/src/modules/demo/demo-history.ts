import { caseDueAt } from '@careloop/domain/case-rules';
import { instantAtLocal, localDayOf } from '@careloop/domain/messaging/clinic-time';
import { ratingToSeverity } from '@careloop/domain/review-rules';

// Four months of a busy demo clinic, so every chart of /analytics has data from the first start:
// past patients followed up on WhatsApp and SMS (delivered, read, failed, answered), surveyed, some
// of them reviewing on Google or Trustpilot (answered after hours or days), the unhappy ones with a
// case that an owner resolved inside or outside the SLA, several of those won back afterwards, a
// few opt-outs and open cases. Drawn from a fixed seed, relative to now, in the clinic's local
// hours: the same history on every start. Names and numbers are made up.

const hourMs = 3_600_000;
const historyDays = 120;
// With the hand-written patients, under Starter's 100 patients (the demo clinic's plan).
const historyPatients = 48;

/** A deterministic stream of numbers in [0, 1) (mulberry32). */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const firstNames = [
  'Alejandro',
  'Beatriz',
  'Cansu',
  'Daniel',
  'Ebru',
  'Fatih',
  'Gloria',
  'Hannah',
  'Irene',
  'Jorge',
  'Kerem',
  'Laura',
  'Mehmet',
  'Nuria',
  'Oscar',
  'Pınar',
  'Rachel',
  'Selin',
  'Thomas',
  'Volkan',
];
const lastNames = [
  'Aksoy',
  'Bravo',
  'Clarke',
  'Doğan',
  'Esteban',
  'Fisher',
  'Gómez',
  'Hughes',
  'Işık',
  'Jiménez',
  'Kılıç',
  'Lozano',
  'Morgan',
  'Navarro',
  'Özdemir',
  'Pérez',
  'Quinn',
  'Ramos',
  'Şahin',
  'Turner',
];
const procedures = [
  'Hair Transplant',
  'Dental Implant',
  'Teeth Whitening',
  'PRP Treatment',
  'Plastic Surgery',
];
const languages = ['en', 'es', 'tr'] as const;

const replies = {
  positive: {
    en: 'Thank you, I feel much better now!',
    es: '¡Gracias, ya me encuentro mucho mejor!',
    tr: 'Teşekkürler, çok daha iyiyim!',
  },
  neutral: { en: 'Ok, noted.', es: 'Vale, entendido.', tr: 'Tamam, anladım.' },
  negative: {
    en: 'Still painful and nobody called me.',
    es: 'Sigue doliendo y nadie me ha llamado.',
    tr: 'Hâlâ ağrıyor, kimse aramadı.',
  },
} as const;

type HistoryPatient = {
  id: string;
  name: string;
  phone: string;
  procedure: string;
  language: (typeof languages)[number];
  procedureAt: Date;
  smsOptedOutAt: Date | null;
  whatsappOptedOutAt: Date | null;
};
type HistoryMessage = {
  id: string;
  patientId: string;
  channel: 'whatsapp' | 'sms';
  sentAt: Date;
  deliveryStatus: 'sent' | 'delivered' | 'read' | 'failed';
  responseReceived: boolean;
};
type HistoryReply = {
  id: string;
  patientId: string;
  provider: 'whatsapp' | 'twilio';
  receivedAt: Date;
  text: string;
  sentiment: 'positive' | 'negative' | null;
};
type HistorySurvey = {
  patientId: string;
  channel: 'whatsapp' | 'sms' | 'email';
  sentAt: Date;
  answer: { score: number; at: Date } | null;
};
type HistoryReview = {
  key: string;
  patientId: string;
  provider: 'google' | 'trustpilot';
  rating: number;
  writtenAt: Date;
  repliedAt: Date | null;
};
type HistoryCase = {
  patientId: string;
  /** What opened it: a review (by its key), a survey (by its patient) or a negative reply alert. */
  source: { kind: 'review'; reviewKey: string } | { kind: 'survey' } | { kind: 'alert' };
  severity: 'high' | 'medium' | 'low';
  createdAt: Date;
  dueAt: Date;
  resolvedAt: Date | null;
  /** Index into the clinic's case owners. */
  owner: number;
};
type HistoryAlert = {
  patientId: string;
  kind: 'negative_reply' | 'clinical_reply';
  at: Date;
  text: string;
  active: boolean;
};

export type DemoHistory = {
  patients: HistoryPatient[];
  messages: HistoryMessage[];
  replies: HistoryReply[];
  surveys: HistorySurvey[];
  reviews: HistoryReview[];
  cases: HistoryCase[];
  alerts: HistoryAlert[];
};

/** The demo clinic's history up to `now`, in its zone, for `owners` case owners. */
export function demoHistory(now: number, timeZone: string, owners: number): DemoHistory {
  const random = seededRandom(27);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const today = localDayOf(now, timeZone);
  /** A local time between `from` and `to` (minutes) of a local day; null while it is not an hour ago yet. */
  const localAt = (day: number, from = 9 * 60, to = 18 * 60) => {
    const at = instantAtLocal(day, from + Math.floor(random() * (to - from)), timeZone);
    return at <= now - hourMs ? new Date(at) : null;
  };
  const later = (at: Date, minHours: number, maxHours: number) =>
    new Date(
      Math.min(at.getTime() + (minHours + random() * (maxHours - minHours)) * hourMs, now - hourMs / 2),
    );
  const history: DemoHistory = {
    patients: [],
    messages: [],
    replies: [],
    surveys: [],
    reviews: [],
    cases: [],
    alerts: [],
  };
  let openCases = 0;

  for (let i = 0; i < historyPatients; i++) {
    // Spread over four months, a few a week; the most recent treated six days ago.
    const daysAgo = 6 + Math.floor(((historyDays - 6) * i) / historyPatients + random() * 2);
    const procedureDay = today - daysAgo;
    const language = pick(languages);
    const channel = random() < 0.6 ? 'whatsapp' : 'sms';
    const patient: HistoryPatient = {
      id: `P-H${String(i + 1).padStart(3, '0')}`,
      name: `${pick(firstNames)} ${pick(lastNames)}`,
      phone: `+90532${String(5_550_000 + i * 7).padStart(7, '0')}`,
      procedure: pick(procedures),
      language,
      procedureAt: localAt(procedureDay, 9 * 60, 11 * 60) ?? new Date(now - 6 * 24 * hourMs),
      smsOptedOutAt: null,
      whatsappOptedOutAt: null,
    };
    history.patients.push(patient);
    // How this patient's stay went: most are happy, some so-so, one in five is not.
    // Three in five are happy, one so-so, one is not (and every second unhappy one is won back).
    const unhappy = i % 5 === 1;
    const happy = i % 5 === 0 || i % 5 === 2 || i % 5 === 3;
    const wonBack = unhappy && i % 10 === 1;

    // Follow-ups on days 1, 3 and 7 after the procedure.
    for (const after of [1, 3, 7]) {
      const sentAt = localAt(procedureDay + after, 10 * 60, 17 * 60);
      if (sentAt === null) continue;
      const roll = random();
      const deliveryStatus =
        roll < 0.08 ? 'failed' : roll < 0.14 ? 'sent' : roll < 0.55 ? 'delivered' : 'read';
      const responseReceived = deliveryStatus !== 'failed' && deliveryStatus !== 'sent' && random() < 0.4;
      const id = `msg_demo_h${i}_${after}`;
      history.messages.push({ id, patientId: patient.id, channel, sentAt, deliveryStatus, responseReceived });
      if (!responseReceived) continue;
      const tone = unhappy && after === 1 ? 'negative' : happy ? 'positive' : 'neutral';
      history.replies.push({
        id: `whl_demo_h${i}_${after}`,
        patientId: patient.id,
        provider: channel === 'whatsapp' ? 'whatsapp' : 'twilio',
        receivedAt: later(sentAt, 0.2, 6),
        text: replies[tone][language],
        sentiment: tone === 'neutral' ? null : tone,
      });
    }
    // A few stop one channel after a follow-up.
    if (i % 14 === 5) {
      const last = history.messages[history.messages.length - 1];
      if (last && channel === 'sms') patient.smsOptedOutAt = later(last.sentAt, 1, 30);
      else if (last) patient.whatsappOptedOutAt = later(last.sentAt, 1, 30);
    }

    // The survey three days after the procedure; three in four answer within a day or so.
    const surveySentAt = localAt(procedureDay + 3, 10 * 60, 12 * 60) ?? new Date(now - hourMs);
    const score = unhappy
      ? 2 + Math.floor(random() * 5)
      : happy
        ? 9 + Math.floor(random() * 2)
        : 7 + Math.floor(random() * 2);
    const answered = unhappy || random() < 0.72;
    history.surveys.push({
      patientId: patient.id,
      channel: pick(['whatsapp', 'sms', 'email'] as const),
      sentAt: surveySentAt,
      answer: answered ? { score, at: later(surveySentAt, 0.5, 30) } : null,
    });

    // Reviews: the happy ones often, the unhappy ones sometimes; the clinic replies to most.
    const reviewRoll = random();
    const writesReview = unhappy ? reviewRoll < 0.6 : happy ? reviewRoll < 0.45 : reviewRoll < 0.15;
    let lowReviewKey: string | null = null;
    if (writesReview) {
      const rating = unhappy
        ? 1 + Math.floor(random() * 3)
        : happy
          ? 4 + Math.floor(random() * 2)
          : 3 + Math.floor(random() * 2);
      const writtenAt =
        localAt(procedureDay + 4 + Math.floor(random() * 3), 8 * 60, 23 * 60) ?? new Date(now - hourMs);
      const key = `h${i}`;
      history.reviews.push({
        key,
        patientId: patient.id,
        provider: random() < 0.55 ? 'google' : 'trustpilot',
        rating,
        writtenAt,
        repliedAt: random() < (rating <= 3 ? 0.85 : 0.6) ? later(writtenAt, 1, rating <= 3 ? 30 : 96) : null,
      });
      if (rating <= 3) lowReviewKey = key;
    }

    // Every unhappy signal opens a case; an owner takes it, most inside the SLA.
    const caseFor = (source: HistoryCase['source'], severity: HistoryCase['severity'], openedAt: Date) => {
      const createdAt = later(openedAt, 0.5, 1);
      const recent = createdAt.getTime() > now - 20 * 24 * hourMs;
      const stayOpen = recent && !wonBack && openCases < 4 && random() < 0.5;
      if (stayOpen) openCases += 1;
      const kase: HistoryCase = {
        patientId: patient.id,
        source,
        severity,
        createdAt,
        dueAt: caseDueAt(createdAt),
        // Every third case is resolved after its due time (24 hours).
        resolvedAt: stayOpen
          ? null
          : history.cases.length % 3 === 2
            ? later(createdAt, 30, 100)
            : later(createdAt, 2, 20),
        owner: Math.floor(random() * owners),
      };
      history.cases.push(kase);
      return kase;
    };
    const resolved: HistoryCase[] = [];
    const survey = history.surveys[history.surveys.length - 1];
    if (survey?.answer && survey.answer.score <= 6)
      resolved.push(
        caseFor({ kind: 'survey' }, survey.answer.score <= 3 ? 'high' : 'medium', survey.answer.at),
      );
    const lowReview = history.reviews.find((r) => r.key === lowReviewKey);
    if (lowReview)
      resolved.push(
        caseFor(
          { kind: 'review', reviewKey: lowReview.key },
          ratingToSeverity(lowReview.rating),
          lowReview.writtenAt,
        ),
      );
    const negative = history.replies.find((r) => r.patientId === patient.id && r.sentiment === 'negative');
    if (negative) {
      const clinical = i % 9 === 0;
      const kase = caseFor({ kind: 'alert' }, clinical ? 'high' : 'medium', negative.receivedAt);
      history.alerts.push({
        patientId: patient.id,
        kind: clinical ? 'clinical_reply' : 'negative_reply',
        at: negative.receivedAt,
        text: negative.text,
        active: kase.resolvedAt === null,
      });
      resolved.push(kase);
    }

    // Won back: half of those whose case was resolved are happy afterwards (a thank-you reply or a
    // new 5-star review).
    const lastResolution = Math.max(
      ...resolved.map((k) => k.resolvedAt?.getTime() ?? Number.POSITIVE_INFINITY),
    );
    if (wonBack && resolved.length > 0 && Number.isFinite(lastResolution)) {
      const at = later(new Date(lastResolution), 12, 48);
      if (at.getTime() < now - hourMs && random() < 0.5) {
        history.reviews.push({
          key: `h${i}-after`,
          patientId: patient.id,
          provider: 'google',
          rating: 5,
          writtenAt: at,
          repliedAt: later(at, 2, 48),
        });
      } else if (at.getTime() < now - hourMs) {
        history.replies.push({
          id: `whl_demo_h${i}_after`,
          patientId: patient.id,
          provider: channel === 'whatsapp' ? 'whatsapp' : 'twilio',
          receivedAt: at,
          text: replies.positive[language],
          sentiment: 'positive',
        });
      }
    }
  }
  return history;
}
