import { type OnboardingState, onboardingStepBodySchemas } from '@careloop/contracts/onboarding';
import { clinicLocaleBodySchema } from '@careloop/contracts/settings';
import { languageFor } from '@careloop/domain/clinic-locale';
import { type BrandTone, brandTones, emailHandle, isClinicCategory } from '@careloop/domain/clinic-profile';
import { onboardingMessages } from '@careloop/domain/credentials';
import type { DomainMessage } from '@careloop/domain/domain-message';
import {
  type OnboardingStep,
  onboardingStepKeys,
  stepKey,
  validateClinicProfileStep,
  validateSmsStep,
  validateTemplatesStep,
  validateWhatsAppStep,
} from '@careloop/domain/onboarding';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { getChannelReadiness, saveClinicProfile, saveSms, saveWhatsApp } from '../settings/settings.service';
import { listTemplates, saveTemplates } from '../templates/templates.service';
import {
  findOnboardingRow,
  markStepCompleted,
  type StepFlags,
  setReachDismissed,
} from './onboarding.repository';

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;
type Caller = Pick<ClinicContext, 'clinicId' | 'userId' | 'user' | 'clinic'>;

const markerSchema = z.object({ completed_by: z.string().nullish(), completed_at: z.string().nullish() });
const clinicSettingsSchema = z
  .object({
    onboarding_collaboration: z.record(z.string(), markerSchema.catch({})).optional(),
    reach_dismissed: z.boolean().optional(),
  })
  .catch({});

const toBrandTone = (value: string): BrandTone => brandTones.find((tone) => tone === value) ?? 'professional';

export async function getOnboardingState(deps: Deps, ctx: Caller): Promise<OnboardingState> {
  const row = await findOnboardingRow(deps.db, ctx.clinicId);
  if (!row) throw notFound('Clinic');
  const [readiness, templates] = await Promise.all([
    getChannelReadiness(deps, ctx.clinicId),
    listTemplates(deps, ctx),
  ]);
  const settings = clinicSettingsSchema.parse(row.settings ?? {});
  const stepCompleted = row.progress?.stepCompleted ?? 0;
  const steps = Object.fromEntries(
    onboardingStepKeys.map((key, index) => {
      const marker = settings.onboarding_collaboration?.[key];
      return [
        key,
        {
          completed: stepCompleted >= index + 1,
          completedBy: marker?.completed_by ?? null,
          completedAt: marker?.completed_at ?? null,
        },
      ];
    }),
  ) as OnboardingState['steps'];
  return {
    stepCompleted,
    wizardCompleted: row.progress?.wizardCompleted ?? false,
    completedAt: row.progress?.completedAt?.toISOString() ?? null,
    steps,
    profile: {
      name: row.name,
      email: row.email ?? '',
      phone: row.phone ?? '',
      category: row.category ?? '',
      brandTone: toBrandTone(row.brandTone),
      defaultLanguage: languageFor(null, row.defaultLanguage),
      timeZone: row.timeZone,
      country: row.country,
    },
    channels: { whatsapp: readiness.whatsapp, sms: readiness.sms },
    whatsappPhoneNumberId: readiness.config?.whatsappPhoneNumberId ?? null,
    smsFromNumber: readiness.config?.smsFromNumber ?? null,
    templates: templates.templates,
    templateLimit: templates.limit,
    reachDismissed: settings.reach_dismissed ?? false,
  };
}

function refuse(message: DomainMessage): never {
  throw badRequest(message.message, [{ field: null, key: message.key, message: message.message }]);
}

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({
      field: issue.path.join('.') || null,
      message: issue.message,
    }));
    throw badRequest('The request is not valid', details);
  }
  return parsed.data;
}

const blank = (...values: string[]) => values.every((value) => value.trim() === '');

/**
 * Next (and Save & Exit on a valid step): validates the step with the domain's rules, saves it
 * through the Settings and Templates services, and records who completed it. Step 2 sent empty is
 * "Skip: I'll use SMS only" (spec 1 §5, first reading); step 3 may be skipped only when WhatsApp is
 * saved; step 4 needs a template and a channel, and completes the wizard.
 */
export async function saveOnboardingStep(deps: Deps, ctx: Caller, step: OnboardingStep, body: unknown) {
  const readiness = await getChannelReadiness(deps, ctx.clinicId);
  let flags: StepFlags = {};
  switch (step) {
    case 1: {
      const input = parseBody(onboardingStepBodySchemas[1], body);
      const problem = validateClinicProfileStep(input);
      if (problem || !isClinicCategory(input.category))
        refuse(problem ?? onboardingMessages.requiredFieldsMissing);
      await saveClinicProfile(deps, ctx, {
        name: input.name.trim(),
        email: input.email.trim(),
        phone: input.phone.trim(),
        category: input.category,
        brandTone: input.brandTone,
        ...parseBody(clinicLocaleBodySchema, {
          defaultLanguage: input.defaultLanguage,
          timeZone: input.timeZone,
          country: input.country === '' ? null : input.country,
        }),
      });
      flags = { clinicProfileCompleted: true };
      break;
    }
    case 2: {
      const input = parseBody(onboardingStepBodySchemas[2], body);
      if (!blank(input.accessToken, input.phoneNumberId)) {
        const problem = validateWhatsAppStep(input, readiness);
        if (problem) refuse(problem);
        await saveWhatsApp(deps, ctx, { accessToken: input.accessToken, phoneNumberId: input.phoneNumberId });
      }
      flags = { whatsappSetupCompleted: !blank(input.accessToken) || readiness.whatsapp };
      break;
    }
    case 3: {
      const input = parseBody(onboardingStepBodySchemas[3], body);
      const problem = validateSmsStep(input, readiness);
      if (problem) refuse(problem);
      if (!blank(input.accountSid, input.authToken, input.fromNumber)) {
        await saveSms(deps, ctx, {
          provider: 'twilio',
          accountSid: input.accountSid,
          authToken: input.authToken,
          fromNumber: input.fromNumber,
        });
      }
      flags = { smsSetupCompleted: !blank(input.accountSid) || readiness.sms };
      break;
    }
    case 4: {
      const input = parseBody(onboardingStepBodySchemas[4], body);
      const problem = validateTemplatesStep(input.templates, readiness);
      if (problem) refuse(problem);
      await saveTemplates(deps, ctx, input.templates);
      flags = { templatesSetupCompleted: true, wizardCompleted: true };
      break;
    }
  }
  // The progress row and who completed the step, together.
  await deps.db.transaction((tx) =>
    markStepCompleted(tx, ctx.clinicId, {
      step,
      stepKey: stepKey(step),
      flags,
      completedBy: emailHandle(ctx.user.email),
      userId: ctx.userId,
    }),
  );
  return getOnboardingState(deps, ctx);
}

export async function dismissReach(deps: Deps, ctx: Caller) {
  await setReachDismissed(deps.db, ctx.clinicId);
  return getOnboardingState(deps, ctx);
}
