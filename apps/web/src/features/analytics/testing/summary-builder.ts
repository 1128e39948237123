import type {
  AnalyticsAdvancedKpis,
  AnalyticsHeadline,
  AnalyticsRate,
  AnalyticsSummaryResponse,
} from '@careloop/contracts/analytics';

export const rate = (numerator: number, denominator: number): AnalyticsRate => ({
  numerator,
  denominator,
  rate: denominator === 0 ? null : numerator / denominator,
});

export const emptyHeadline: AnalyticsHeadline = {
  nps: { score: null, promoters: 0, passives: 0, detractors: 0, responses: 0 },
  surveyResponseRate: rate(0, 0),
};

const headline = (
  promoters: number,
  passives: number,
  detractors: number,
  sent: number,
): AnalyticsHeadline => {
  const responses = promoters + passives + detractors;
  return {
    nps: {
      score: responses === 0 ? null : Math.round(((promoters - detractors) / responses) * 100),
      promoters,
      passives,
      detractors,
      responses,
    },
    surveyResponseRate: rate(responses, sent),
  };
};

export function advancedKpis(scale: number): AnalyticsAdvancedKpis {
  return {
    reviews: {
      total: { count: 12 * scale, averageRating: 4.1 },
      perPlatform: [
        { platform: 'google', count: 8 * scale, averageRating: 4.3 },
        { platform: 'trustpilot', count: 4 * scale, averageRating: 3.7 },
      ],
      lowRatingAnsweredRate: rate(3 * scale, 4 * scale),
      medianHoursToFirstReply: 5.5 * scale,
      medianHoursToFirstContact: 2.25,
    },
    cases: {
      medianHoursToResolve: 30 / scale,
      slaMetRate: rate(7, 8),
      openBySeverity: { high: 1, medium: 2, low: scale },
      opened: 9 * scale,
      resolved: 8,
    },
    recoveryRate: rate(3, 5 * scale),
    followUps: {
      sent: 40 * scale,
      deliveryRate: rate(38 * scale, 40 * scale),
      replyRate: rate(10, 40 * scale),
      optOuts: 1,
    },
  };
}

/** A Professional clinic's 30 days (from 2026-10-30 to 2026-11-28 in Madrid), against the 30 before. */
export function buildSummary(overrides: Partial<AnalyticsSummaryResponse> = {}): AnalyticsSummaryResponse {
  return {
    period: { from: '2026-10-30', to: '2026-11-28' },
    previousPeriod: { from: '2026-09-30', to: '2026-10-29' },
    timeZone: 'Europe/Madrid',
    hasAdvancedAnalytics: true,
    headline: { current: headline(12, 4, 4, 40), previous: headline(8, 4, 8, 30) },
    advanced: { current: advancedKpis(1), previous: advancedKpis(2) },
    breakdowns: {
      perProcedure: [
        {
          procedure: 'Dental Implant',
          followUpsSent: 25,
          nps: { score: 40, promoters: 7, passives: 2, detractors: 3, responses: 12 },
          lowRatingReviews: 2,
          casesOpened: 5,
          recoveryRate: rate(2, 3),
        },
        {
          procedure: null,
          followUpsSent: 15,
          nps: { score: null, promoters: 0, passives: 0, detractors: 0, responses: 0 },
          lowRatingReviews: 0,
          casesOpened: 4,
          recoveryRate: rate(0, 0),
        },
      ],
      perStaff: [
        {
          userId: 'usr_1',
          name: 'Ana Owner',
          casesOpened: 6,
          casesResolved: 5,
          medianHoursToResolve: 20,
          slaMetRate: rate(4, 5),
        },
        {
          userId: null,
          name: null,
          casesOpened: 3,
          casesResolved: 3,
          medianHoursToResolve: 48.25,
          slaMetRate: rate(3, 3),
        },
      ],
      perChannel: [
        {
          channel: 'whatsapp',
          sent: 30,
          delivered: 29,
          failed: 1,
          replied: 8,
          deliveryRate: rate(29, 30),
          replyRate: rate(8, 30),
          optOuts: 0,
        },
        {
          channel: 'sms',
          sent: 10,
          delivered: 9,
          failed: 1,
          replied: 2,
          deliveryRate: rate(9, 10),
          replyRate: rate(2, 10),
          optOuts: 1,
        },
      ],
    },
    series: {
      granularity: 'day',
      points: Array.from({ length: 30 }, (_, i) => ({
        start: new Date(Date.UTC(2026, 9, 30 + i)).toISOString().slice(0, 10),
        npsScore: i % 5 === 0 ? 50 : null,
        surveyResponses: i % 5 === 0 ? 2 : 0,
        reviews: i % 3,
        averageRating: i % 3 === 0 ? null : 4,
        casesOpened: i % 4 === 0 ? 1 : 0,
        casesResolved: i % 5 === 0 ? 1 : 0,
        followUpsSent: 1 + (i % 2),
        followUpsDelivered: 1,
        replies: i % 3 === 0 ? 1 : 0,
      })),
    },
    ...overrides,
  };
}

/** Starter: the first row only. */
export function buildStarterSummary(): AnalyticsSummaryResponse {
  return buildSummary({ hasAdvancedAnalytics: false, advanced: null, breakdowns: null, series: null });
}
