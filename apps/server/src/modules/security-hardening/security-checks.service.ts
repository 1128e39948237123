import type { SecurityCheck } from '@careloop/contracts/security-hardening';
import {
  credentialHealthStatus,
  hstsMaxAge,
  httpsStatus,
  isAutoFixable,
  missingSecurityHeaders,
  passwordPolicyStatus,
  type SecurityCheckId,
  type SecurityCheckStatus,
  secretsEncryptionStatus,
  secureHeadersStatus,
  securityCheckSeverity,
  securityEventsStatus,
  sessionLifetimeStatus,
  twoFactorStatus,
} from '@careloop/domain/security-checks';
import type { AppDeps } from '../../app-deps';
import { newPasswordProblem } from '../../plugins/auth/password-rules.plugin';
import { checkClinicSecretsOpen } from '../secrets/secrets-key.service';
import { readSecurityFacts, type SecurityFactsRow } from './security-hardening.repository';

type Deps = Pick<AppDeps, 'db' | 'config' | 'secretBox'>;

type ServedHeaders = Readonly<Record<string, string | number | readonly string[] | undefined>>;
/** Requests this server answers to itself: what it actually serves, path by path. */
export type HeaderProbe = () => Promise<{ path: string; headers: ServedHeaders }[]>;

type Outcome = { status: SecurityCheckStatus; details: Record<string, string | number> };

/** What one run reads once and shares between its checks. */
class RunFacts {
  #facts: Promise<SecurityFactsRow> | null = null;
  #served: ReturnType<HeaderProbe> | null = null;
  constructor(
    readonly deps: Deps,
    readonly clinicId: string,
    readonly now: Date,
    readonly probe: HeaderProbe,
  ) {}
  clinicFacts() {
    this.#facts ??= readSecurityFacts(this.deps.db, this.clinicId, this.now);
    return this.#facts;
  }
  served() {
    this.#served ??= this.probe();
    return this.#served;
  }
}

// Not in any list of common passwords: only its length can refuse it.
const uncommonSample = 'Kq7#vX2!mZ9@pL4$wR8&';
const commonSamples = ['password', 'iloveyou', '12345678', 'sunshine1'];

/** The shortest new password the rules in force accept, found by asking them. */
async function shortestAcceptedPassword(): Promise<number> {
  for (let length = 1; length <= uncommonSample.length; length++) {
    if ((await newPasswordProblem(uncommonSample.slice(0, length))) === null) return length;
  }
  return uncommonSample.length + 1;
}

const checks: Record<SecurityCheckId, (run: RunFacts) => Promise<Outcome>> = {
  async secure_headers(run) {
    const served = await run.served();
    const missing = new Set(
      served.flatMap(({ headers }) => missingSecurityHeaders(headers, { isTls: run.deps.config.http.isTls })),
    );
    return {
      status: secureHeadersStatus([...missing]),
      details: { missing: [...missing].join(', '), paths: served.map((s) => s.path).join(', ') },
    };
  },
  async https_tls(run) {
    const served = await run.served();
    const hsts = Math.min(
      ...served.map(({ headers }) => {
        const value = headers['strict-transport-security'];
        return hstsMaxAge(value === undefined ? null : String(value));
      }),
    );
    const { isTls } = run.deps.config.http;
    return {
      status: httpsStatus({ isProduction: run.deps.config.isProduction, isTls, hstsMaxAgeSeconds: hsts }),
      details: {
        protocol: isTls ? 'https' : 'http',
        environment: run.deps.config.env,
        hstsDays: Math.floor(hsts / 86_400),
      },
    };
  },
  async password_policy() {
    const minimumLength = await shortestAcceptedPassword();
    const problems = await Promise.all(commonSamples.map(newPasswordProblem));
    const refusesCommonPasswords = problems.every((problem) => problem !== null);
    return {
      status: passwordPolicyStatus({ minimumLength, refusesCommonPasswords }),
      details: { minimumLength, commonPasswordsRefused: refusesCommonPasswords ? 'yes' : 'no' },
    };
  },
  async two_factor_adoption(run) {
    const facts = await run.clinicFacts();
    return {
      status: twoFactorStatus({
        managers: facts.managers,
        managersWithTwoFactor: facts.managers_with_two_factor,
      }),
      details: {
        managers: facts.managers,
        managersWithTwoFactor: facts.managers_with_two_factor,
        members: facts.members,
        membersWithTwoFactor: facts.members_with_two_factor,
      },
    };
  },
  async credential_health(run) {
    const facts = await run.clinicFacts();
    return {
      status: credentialHealthStatus({ unhealthy: facts.credentials_unhealthy }),
      details: {
        checked: facts.credentials_checked,
        unhealthy: facts.credentials_unhealthy,
        unhealthyTypes: facts.unhealthy_types.join(', '),
      },
    };
  },
  async security_events(run) {
    const facts = await run.clinicFacts();
    return {
      status: securityEventsStatus({ critical24h: facts.critical_events_24h }),
      details: { critical: facts.critical_events_24h },
    };
  },
  async secrets_encryption(run) {
    const { total, unreadable } = await checkClinicSecretsOpen(run.deps.db, run.deps.secretBox, run.clinicId);
    return {
      status: secretsEncryptionStatus({ total, unreadable: unreadable.length }),
      details: { total, unreadable: unreadable.length },
    };
  },
  async session_lifetime(run) {
    const facts = await run.clinicFacts();
    const absoluteLifetimeDays = run.deps.config.auth.sessionAbsoluteSeconds / 86_400;
    return {
      status: sessionLifetimeStatus({ idleTimeoutMinutes: facts.idle_timeout_minutes, absoluteLifetimeDays }),
      details: {
        idleMinutes: facts.idle_timeout_minutes,
        absoluteDays: Math.round(absoluteLifetimeDays * 10) / 10,
      },
    };
  },
};

/** Runs the named checks for one clinic against the running system, in the order asked. */
export async function runSecurityChecks(
  deps: Deps,
  clinicId: string,
  probe: HeaderProbe,
  ids: readonly SecurityCheckId[],
  now: Date = new Date(),
): Promise<SecurityCheck[]> {
  const run = new RunFacts(deps, clinicId, now, probe);
  const outcomes = await Promise.all(ids.map((id) => checks[id](run)));
  return ids.map((id, index) => ({
    id,
    severity: securityCheckSeverity[id],
    autoFixable: isAutoFixable(id),
    checkedAt: now.toISOString(),
    ...outcomes[index]!,
  }));
}
