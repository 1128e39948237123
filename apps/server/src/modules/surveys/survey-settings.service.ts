import type { SaveSurveySettingsResponse, SurveySettingsResponse } from '@careloop/contracts/surveys';
import { getPlanFeatures } from '@careloop/domain/plans';
import {
  defaultSurveySettings,
  type SurveySettings,
  surveySettingsMessages,
  surveySettingsSchema,
} from '@careloop/domain/surveys/survey-settings';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { planRequired } from '../settings/settings.service';
import {
  findSurveySettings,
  type SurveySettingsRow,
  upsertSurveySettings,
} from './survey-settings.repository';

type Deps = Pick<AppDeps, 'db'>;
type Caller = Pick<ClinicContext, 'clinicId' | 'userId' | 'clinic'>;

/** Automatic surveys are a Professional and Enterprise feature. */
function requireSurveyPlan(ctx: Caller) {
  if (!getPlanFeatures(ctx.clinic.subscriptionTier).hasAutoSurveys) throw planRequired();
}

function toSurveySettings(row: SurveySettingsRow | null): SurveySettings {
  if (!row) return defaultSurveySettings;
  const saved = {
    enabled: row.enabled,
    dayAfterProcedure: row.dayAfterProcedure,
    channel: row.channel,
    googleReviewUrl: row.googleReviewUrl,
    trustpilotReviewUrl: row.trustpilotReviewUrl,
  };
  const parsed = surveySettingsSchema.safeParse(saved);
  if (parsed.success) return parsed.data;
  // The database checks the day and channel; a link that no longer passes is shown as none, and
  // only it: the form saves what it shows, so a channel shown as the default would be changed.
  const refused = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  const shown = surveySettingsSchema.safeParse({
    ...saved,
    googleReviewUrl: refused.has('googleReviewUrl') ? null : saved.googleReviewUrl,
    trustpilotReviewUrl: refused.has('trustpilotReviewUrl') ? null : saved.trustpilotReviewUrl,
  });
  return shown.success ? shown.data : defaultSurveySettings;
}

export async function getSurveySettings(deps: Deps, ctx: Caller): Promise<SurveySettingsResponse> {
  requireSurveyPlan(ctx);
  return toSurveySettings(await findSurveySettings(deps.db, ctx.clinicId));
}

/** Replaces the survey settings; fields left out take their defaults. 400 and nothing stored when any field fails. */
export async function saveSurveySettings(
  deps: Deps,
  ctx: Caller,
  body: Record<string, unknown>,
): Promise<SaveSurveySettingsResponse> {
  requireSurveyPlan(ctx);
  const parsed = surveySettingsSchema.safeParse(body);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.') || null,
      message: issue.message,
    }));
    throw badRequest(details[0]?.message ?? 'The request is not valid', details);
  }
  const settings = parsed.data;
  await upsertSurveySettings(deps.db, ctx.clinicId, settings);
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'survey_settings_saved',
    context: {
      enabled: settings.enabled,
      dayAfterProcedure: settings.dayAfterProcedure,
      channel: settings.channel,
    },
  });
  return { message: surveySettingsMessages.saved.message, settings };
}
