import type { SandboxModeState } from '@careloop/contracts/sandbox';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { planClinicFollowUpsAt } from '../automation/followup-planner';
import { sendDueMessages } from '../outbox/send-sweep.service';
import { planClinicSurveys } from '../surveys/survey-planner';
import { endSandbox, setClinicSandboxMode, startSandboxTrial } from './sandbox.repository';
import { sandboxWebhookSecretsOf } from './sandbox-webhook-secrets';

type Deps = Pick<AppDeps, 'db' | 'config' | 'secretBox' | 'mailer' | 'surveyLinkTokens'>;

/**
 * The clinic's providers become the fakes mounted under /sandbox (sandbox deployments only), and its
 * automation runs on the sandbox clock from now on: the real-time schedules no longer plan or send
 * its messages, which would otherwise race the instants the sandbox runs choose.
 */
export async function enterSandboxMode(deps: Pick<AppDeps, 'db'>, clinicId: string) {
  await setClinicSandboxMode(deps.db, clinicId);
}

/**
 * Plans the clinic's due follow-ups and surveys as the 15-minute jobs would at `at`, then sends what
 * is due at `at`.
 */
export async function runClinicAutomationAt(deps: Deps, clinicId: string, at: Date) {
  const plan = await planClinicFollowUpsAt(deps, clinicId, at);
  const surveys = await planClinicSurveys(deps, clinicId, at, { clock: 'sandbox' });
  const sent = await sendDueMessages(deps, { now: () => at, clinicIds: [clinicId], clock: 'sandbox' });
  return {
    at: at.toISOString(),
    planned: plan.planned + surveys.planned,
    skipped: plan.skipped + surveys.skipped,
    claimed: sent.claimed,
    sent: sent.sent,
    failed: sent.failed,
    requeued: sent.requeued,
  };
}

const sandboxUnavailableMessage = 'Sandbox mode is not available on this server';

/** Whether this server can run a clinic on the fakes, and whether the caller's clinic does. */
export function getSandboxModeState(
  deps: Pick<AppDeps, 'config'>,
  ctx: Pick<ClinicContext, 'clinic'>,
): SandboxModeState {
  return { available: deps.config.sandboxMode, sandboxMode: ctx.clinic.sandboxMode === 'on' };
}

/**
 * The clinic's own sandbox webhook secrets (created the first time), shown so that its own fakes
 * sign like the sandbox's; 409 outside sandbox mode, where they check nothing.
 */
export async function getSandboxWebhookSecrets(
  deps: Pick<AppDeps, 'db' | 'config' | 'secretBox'>,
  ctx: Pick<ClinicContext, 'clinicId' | 'clinic'>,
) {
  if (!deps.config.sandboxMode || ctx.clinic.sandboxMode !== 'on') {
    throw conflict('The clinic is not in sandbox mode');
  }
  return sandboxWebhookSecretsOf(deps, ctx.clinicId);
}

/**
 * "Try it first" (issue 12 item 3): the owner switches the clinic to the provider fakes and back.
 * Only where this server mounts the fakes (else a clinic "in sandbox mode" would reach the real
 * providers: 409). Switching on keeps everything and runs the automation on the real clock through
 * the fakes, like the demo clinic; switching off removes the provider secrets saved during the
 * trial and fails the messages still queued, so nothing of it reaches a real provider. Audited
 * (`sandbox_mode_changed`) when it changes something; asking for the current state changes nothing.
 */
export async function switchSandboxMode(
  deps: Pick<AppDeps, 'db' | 'config'>,
  ctx: Pick<ClinicContext, 'clinicId' | 'userId'>,
  enabled: boolean,
  now: Date = new Date(),
) {
  if (!deps.config.sandboxMode) throw conflict(sandboxUnavailableMessage);
  const audit = { clinicId: ctx.clinicId, userId: ctx.userId, action: 'sandbox_mode_changed' as const };
  if (enabled) {
    const changed = await startSandboxTrial(deps.db, ctx.clinicId, now);
    if (changed) await recordUserAction(deps.db, { ...audit, context: { sandboxMode: 'on' } });
    return { available: true, sandboxMode: true, changed, removedCredentials: 0, cancelledMessages: 0 };
  }
  const ended = await endSandbox(deps.db, ctx.clinicId, now);
  if (ended) {
    await recordUserAction(deps.db, {
      ...audit,
      context: {
        sandboxMode: 'off',
        removedSecrets: ended.removedSecrets,
        cancelledMessages: ended.cancelledMessages,
      },
    });
  }
  return {
    available: true,
    sandboxMode: false,
    changed: ended !== null,
    removedCredentials: ended?.removedSecrets.length ?? 0,
    cancelledMessages: ended?.cancelledMessages ?? 0,
  };
}
