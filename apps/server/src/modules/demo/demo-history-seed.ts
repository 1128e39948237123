import { type CaseTitle, storedCaseTitle } from '@careloop/domain/case-title';
import { isoDateOfDay, localDayOf } from '@careloop/domain/messaging/clinic-time';
import { surveyMessageText } from '@careloop/domain/surveys/survey-message';
import { surveyDedupeKey } from '@careloop/domain/surveys/survey-plan';
import type { AppDeps } from '../../app-deps';
import { backfillPatientRisk } from '../../db/patient-risk-backfill';
import { newId } from '../../lib/ids';
import { redactedSurveyLink } from '../surveys/survey-link-token';
import { type DemoHistoryRows, insertDemoHistory } from './demo.repository';
import { demoClinic } from './demo-data';
import { demoHistory } from './demo-history';

// Writes the demo clinic's four months of history (demo-history.ts) as the product would have left
// it, in one transaction: two staff members who own cases beside the owner, the patients, their
// follow-ups and replies, surveys (message and request under one id, as the sender leaves them),
// reviews with the clinic's replies, the cases and reply alerts. Then every demo patient's risk is
// computed with the product's rules.

type Deps = Pick<AppDeps, 'db' | 'config' | 'surveyLinkTokens'>;

const demoStaff = [
  { firstName: 'Elif', lastName: 'Kaya', role: 'admin' },
  { firstName: 'Marco', lastName: 'Serrano', role: 'staff' },
] as const;

const reviewTexts: Record<number, { title: string; text: string }> = {
  1: { title: 'Very disappointed', text: 'Long waits and nobody answered my questions after the procedure.' },
  2: { title: 'Not what I expected', text: 'The result is fine but the aftercare was poor.' },
  3: { title: 'Average experience', text: 'Friendly staff, but the follow-up could be better.' },
  4: { title: 'Good clinic', text: 'Professional team, I would recommend it.' },
  5: { title: 'Excellent care', text: 'Wonderful team and great results, thank you!' },
};

export async function seedDemoHistory(deps: Deps, clinicId: string, ownerUserId: string, now: number) {
  const history = demoHistory(now, demoClinic.timeZone, demoStaff.length + 1);
  const staff = demoStaff.map((member) => ({
    id: newId('usr'),
    name: `${member.firstName} ${member.lastName}`,
    firstName: member.firstName,
    lastName: member.lastName,
    // Unique per clinic: tests seed several demo clinics in one database.
    email: `${member.firstName.toLowerCase()}.${member.lastName.toLowerCase()}+${clinicId}@careloop.local`,
    emailVerified: true,
    role: member.role,
  }));
  const owners = [ownerUserId, ...staff.map((member) => member.id)];
  const patients = new Map(history.patients.map((p) => [p.id, p]));
  const nameOf = (patientId: string) => patients.get(patientId)?.name ?? '';
  const publicUrl = deps.config.http.publicUrl;
  const tz = demoClinic.timeZone;

  const surveys = history.surveys.map((s) => ({ ...s, id: newId('msg') }));
  const reviews = history.reviews.map((r) => ({ ...r, id: newId('rev') }));
  const alerts = history.alerts.map((a) => ({ ...a, id: newId('alr') }));
  const rows: DemoHistoryRows = {
    users: staff.map(({ role: _role, ...user }) => ({
      ...user,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })),
    members: staff.map((member) => ({ id: newId('mem'), clinicId, userId: member.id, role: member.role })),
    patients: history.patients.map((p) => ({
      clinicId,
      id: p.id,
      name: p.name,
      phone: p.phone,
      procedure: p.procedure,
      status: 'completed',
      language: p.language,
      procedureDate: p.procedureAt,
      createdAt: new Date(p.procedureAt.getTime() - 86_400_000),
      updatedAt: p.procedureAt,
      // Computed below, once their history is in.
      riskComputedAt: null,
      ...(p.smsOptedOutAt ? { smsOptedOutAt: p.smsOptedOutAt, smsOptOutSource: 'keyword' } : {}),
      ...(p.whatsappOptedOutAt
        ? { whatsappOptedOutAt: p.whatsappOptedOutAt, whatsappOptOutSource: 'keyword' }
        : {}),
    })),
    messages: [
      ...history.messages.map((m) => ({
        clinicId,
        id: m.id,
        patientId: m.patientId,
        channel: m.channel,
        kind: 'followup',
        messageContent: 'How are you feeling after your procedure?',
        deliveryStatus: m.deliveryStatus,
        providerMessageId: `demo-${m.id}`,
        attempts: 1,
        sentAt: m.sentAt,
        responseReceived: m.responseReceived,
        createdAt: m.sentAt,
        updatedAt: m.sentAt,
      })),
      ...surveys.map((s) => {
        const p = patients.get(s.patientId);
        return {
          clinicId,
          id: s.id,
          patientId: s.patientId,
          channel: s.channel,
          kind: 'survey',
          messageContent: surveyMessageText(p?.language ?? 'en', {
            patientFirstName: p?.name.split(' ')[0] ?? '',
            clinicName: demoClinic.name,
            link: redactedSurveyLink(publicUrl),
          }),
          deliveryStatus: s.channel === 'email' ? 'sent' : 'delivered',
          providerMessageId: `demo-${s.id}`,
          attempts: 1,
          sentAt: s.sentAt,
          dedupeKey: surveyDedupeKey(
            s.patientId,
            p?.procedure ?? '',
            isoDateOfDay(localDayOf(p?.procedureAt ?? s.sentAt, tz)),
          ),
          scheduledAt: s.sentAt,
          sendDate: isoDateOfDay(localDayOf(s.sentAt, tz)),
          language: p?.language ?? 'en',
          createdAt: s.sentAt,
          updatedAt: s.sentAt,
        };
      }),
    ],
    replies: history.replies.map((r) => ({
      clinicId,
      id: r.id,
      webhookType: 'inbound_message',
      provider: r.provider,
      providerMessageId: `demo-in-${r.id}`,
      patientId: r.patientId,
      patientPhone: patients.get(r.patientId)?.phone ?? null,
      messageContent: r.text,
      receivedAt: r.receivedAt,
      sentiment: r.sentiment,
    })),
    surveys: surveys.map((s) => {
      const p = patients.get(s.patientId);
      return {
        clinicId,
        id: s.id,
        patientId: s.patientId,
        procedure: p?.procedure ?? '',
        procedureDate: p?.procedureAt ?? s.sentAt,
        channel: s.channel,
        language: p?.language ?? 'en',
        tokenHash: deps.surveyLinkTokens.hashFor(s.id),
        createdAt: s.sentAt,
        sentAt: s.sentAt,
        expiresAt: new Date(s.sentAt.getTime() + 30 * 86_400_000),
        answeredAt: s.answer?.at ?? null,
        score: s.answer?.score ?? null,
        updatedAt: s.answer?.at ?? s.sentAt,
      };
    }),
    reviews: reviews.map((r) => ({
      clinicId,
      id: r.id,
      provider: r.provider,
      providerReviewId: `demo-${r.key}`,
      patientId: r.patientId,
      rating: r.rating,
      title: reviewTexts[r.rating]?.title ?? '',
      reviewText: reviewTexts[r.rating]?.text ?? '',
      reviewerName: nameOf(r.patientId),
      language: 'en',
      reviewDate: r.writtenAt,
      matchStatus: 'matched',
      matchConfidence: 0.9,
      publicReplyText: r.repliedAt ? 'Thank you for your feedback; we have contacted you personally.' : null,
      publicReplyAt: r.repliedAt,
    })),
    alerts: alerts.map((a) => ({
      clinicId,
      id: a.id,
      patientId: a.patientId,
      severity: a.kind === 'clinical_reply' ? 'high' : 'medium',
      kind: a.kind,
      message: a.text,
      status: a.active ? 'active' : 'resolved',
      createdAt: a.at,
    })),
    cases: history.cases.map((k) => {
      const review =
        k.source.kind === 'review'
          ? reviews.find((r) => r.key === (k.source as { reviewKey: string }).reviewKey)
          : undefined;
      const survey = surveys.find((s) => s.patientId === k.patientId);
      const alert = alerts.find((a) => a.patientId === k.patientId);
      const name = nameOf(k.patientId);
      const raised: { source: string; sourceId: string | null; title: CaseTitle } =
        k.source.kind === 'review'
          ? {
              source: 'review',
              sourceId: review?.id ?? null,
              title: {
                kind: 'review',
                rating: review?.rating ?? 3,
                reviewerName: name,
                reviewTitle: reviewTexts[review?.rating ?? 3]?.title ?? null,
              },
            }
          : k.source.kind === 'survey'
            ? {
                source: 'survey',
                sourceId: survey?.id ?? null,
                title: { kind: 'survey_detractor', patientName: name, score: survey?.answer?.score ?? 0 },
              }
            : {
                source: 'alert',
                sourceId: alert?.id ?? null,
                title:
                  alert?.kind === 'clinical_reply'
                    ? { kind: 'clinical_reply', patientName: name, flags: ['pain'] }
                    : { kind: 'negative_reply', patientName: name },
              };
      return {
        clinicId,
        id: newId('cas'),
        source: raised.source,
        sourceId: raised.sourceId,
        patientId: k.patientId,
        ...storedCaseTitle(raised.title),
        severity: k.severity,
        status: k.resolvedAt ? 'resolved' : 'open',
        dueAt: k.dueAt,
        ownerUserId: owners[k.owner] ?? ownerUserId,
        createdAt: k.createdAt,
        updatedAt: k.resolvedAt ?? k.createdAt,
        resolvedAt: k.resolvedAt,
      };
    }),
  };
  await deps.db.transaction((tx) => insertDemoHistory(tx, rows));
  // Every demo patient's level and reasons, as the events would have left them.
  await backfillPatientRisk(deps.db);
  return history.patients.length;
}
