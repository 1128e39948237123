import type { AppDeps } from '../../app-deps';
import { planClinicFollowUpsAt } from '../automation/followup-planner';
import { sendDueMessages } from '../outbox/send-sweep.service';
import { setClinicSandboxMode } from './sandbox.repository';

type Deps = Pick<AppDeps, 'db' | 'config' | 'secretBox'>;

/**
 * The clinic's providers become the fakes mounted under /sandbox (sandbox deployments only), and its
 * automation runs on the sandbox clock from now on: the real-time schedules no longer plan or send
 * its messages, which would otherwise race the instants the sandbox runs choose.
 */
export async function enterSandboxMode(deps: Pick<AppDeps, 'db'>, clinicId: string) {
  await setClinicSandboxMode(deps.db, clinicId);
}

/** Plans the clinic's due messages as the 15-minute job would at `at`, then sends what is due at `at`. */
export async function runClinicAutomationAt(deps: Deps, clinicId: string, at: Date) {
  const plan = await planClinicFollowUpsAt(deps, clinicId, at);
  const sent = await sendDueMessages(deps, { now: () => at, clinicIds: [clinicId], clock: 'sandbox' });
  return {
    at: at.toISOString(),
    planned: plan.planned,
    skipped: plan.skipped,
    claimed: sent.claimed,
    sent: sent.sent,
    failed: sent.failed,
    requeued: sent.requeued,
  };
}
