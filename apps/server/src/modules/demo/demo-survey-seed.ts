import { isoDateOfDay, localDayOf } from '@careloop/domain/messaging/clinic-time';
import { surveyMessageText } from '@careloop/domain/surveys/survey-message';
import { surveyDedupeKey } from '@careloop/domain/surveys/survey-plan';
import type { AppDeps } from '../../app-deps';
import { newId } from '../../lib/ids';
import { answerSurvey } from '../surveys/survey-answers.service';
import { redactedSurveyLink } from '../surveys/survey-link-token';
import { insertDemoSurveys } from './demo.repository';
import { demoClinic } from './demo-data';
import { demoSurveyPatients, demoSurveySettings } from './demo-surveys';

// Five weeks of the demo clinic's surveys, so its survey answers, NPS and detractor cases have data
// from the first start. The surveys are written as the planner and the sender leave them (message
// and survey request under one id, the link hidden in the stored text, live for 30 days from the
// send); the answers go through the patients' own path, at the time each patient answered, so the
// detractors' cases and the timeline entries are the ones a real answer makes. The demo clinic stays
// on Starter (browser specs show its plan gates), so its saved survey settings plan nothing new
// until it is moved to a plan with surveys; the history is there for the answers and their analytics.

const dayMs = 86_400_000;
const hourMs = 3_600_000;

type Deps = Pick<AppDeps, 'db' | 'config' | 'surveyLinkTokens'>;

export async function seedDemoSurveys(deps: Deps, clinicId: string, now: number) {
  const publicUrl = deps.config.http.publicUrl;
  const surveys = demoSurveyPatients.map((p, index) => {
    const patientId = `P-S${now - index}`;
    const procedureAt = new Date(now - p.daysAgo * dayMs);
    // Three days after the procedure, mid-morning.
    const sentAt = new Date(procedureAt.getTime() + 3 * dayMs - 2 * hourMs);
    const id = newId('msg');
    const content = surveyMessageText(p.language, {
      patientFirstName: p.name.split(' ')[0] ?? p.name,
      clinicName: demoClinic.name,
      link: redactedSurveyLink(publicUrl),
    });
    return { p, id, patientId, procedureAt, sentAt, content };
  });

  await insertDemoSurveys(deps.db, clinicId, {
    settings: demoSurveySettings,
    patients: surveys.map(({ p, patientId, procedureAt }) => ({
      clinicId,
      id: patientId,
      name: p.name,
      email: p.email,
      phone: p.phone,
      procedure: p.procedure,
      status: 'completed',
      language: p.language,
      procedureDate: procedureAt,
      createdAt: new Date(procedureAt.getTime() - dayMs),
      updatedAt: new Date(procedureAt.getTime() - dayMs),
    })),
    requests: surveys.map(({ p, id, patientId, procedureAt, sentAt }) => ({
      clinicId,
      id,
      patientId,
      procedure: p.procedure,
      procedureDate: procedureAt,
      channel: p.channel,
      language: p.language,
      tokenHash: deps.surveyLinkTokens.hashFor(id),
      createdAt: sentAt,
      sentAt,
      expiresAt: new Date(sentAt.getTime() + 30 * dayMs),
      updatedAt: sentAt,
    })),
    messages: surveys.map(({ p, id, patientId, procedureAt, sentAt, content }) => ({
      clinicId,
      id,
      patientId,
      channel: p.channel,
      kind: 'survey',
      messageContent: content,
      deliveryStatus: p.channel === 'email' ? 'sent' : 'delivered',
      providerMessageId: `demo-${id}`,
      attempts: 1,
      sentAt,
      dedupeKey: surveyDedupeKey(
        patientId,
        p.procedure,
        isoDateOfDay(localDayOf(procedureAt, demoClinic.timeZone)),
      ),
      scheduledAt: sentAt,
      sendDate: isoDateOfDay(localDayOf(sentAt, demoClinic.timeZone)),
      language: p.language,
      createdAt: new Date(sentAt.getTime() - dayMs),
      updatedAt: sentAt,
    })),
  });

  for (const { p, id, sentAt } of surveys) {
    if (!p.answer) continue;
    const answeredAt = new Date(sentAt.getTime() + p.answer.afterHours * hourMs);
    await answerSurvey(
      deps,
      deps.surveyLinkTokens.tokenFor(id),
      { score: p.answer.score, ...(p.answer.comment ? { comment: p.answer.comment } : {}) },
      answeredAt,
    );
  }
  return surveys.length;
}
