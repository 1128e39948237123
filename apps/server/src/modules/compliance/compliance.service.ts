import {
  type BaaRequest,
  type BaaRequestBody,
  baaRequestBodySchema,
  type ComplianceSummary,
} from '@careloop/contracts/compliance';
import type { AppDeps } from '../../app-deps';
import type { MailMessage } from '../../integrations/mail/mail.client';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { insertBaaRequest, listBaaRequests, readAccessFigures } from './compliance.repository';
import { requireEnterprise } from './compliance-gate';

/** Encryption and access as the running system has them (configuration, schema and the clinic's rows). */
export async function getComplianceSummary(
  deps: Pick<AppDeps, 'db' | 'config'>,
  ctx: ClinicContext,
): Promise<ComplianceSummary> {
  requireEnterprise(ctx);
  const now = new Date();
  const f = await readAccessFigures(deps.db, ctx.clinicId, now);
  const { config } = deps;
  return {
    generatedAt: now.toISOString(),
    encryption: {
      secretsAlgorithm: 'AES-256-GCM',
      secretsStored: f.secrets,
      secretValuesReturned: false,
      transport: config.http.isTls ? 'tls' : 'none',
      hsts: config.http.isTls,
      database: config.database.kind === 'postgres' ? 'postgresql' : 'pglite',
      passwordHashing: 'scrypt',
      auditTrailAppendOnly: f.audit_triggers === 2,
    },
    access: {
      members: { owner: f.owners, admin: f.admins, staff: f.staff },
      twoFactorEnabled: f.two_factor,
      idleSignOutMinutes: ctx.clinic.idleTimeoutMinutes,
      sessionAbsoluteDays: Math.round(config.auth.sessionAbsoluteSeconds / 86_400),
      activeSessions: f.active_sessions,
      activeApiClients: f.active_api_clients,
      patientRecordViews30d: f.patient_views,
      failedSignIns30d: f.failed_sign_ins,
    },
  };
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

function baaEmail(
  salesEmail: string,
  clinicName: string,
  request: BaaRequestBody,
  requestedBy: string,
): MailMessage {
  const lines = [
    `Business Associate Agreement request from ${clinicName}`,
    '',
    `Legal entity: ${request.legalEntityName}`,
    `Signatory: ${request.signatoryName}, ${request.signatoryTitle}`,
    `Signatory e-mail: ${request.signatoryEmail}`,
    `Requested by: ${requestedBy}`,
    ...(request.notes ? ['', 'Notes:', request.notes] : []),
  ];
  return {
    to: salesEmail,
    replyTo: request.signatoryEmail,
    subject: oneLine(`BAA request: ${request.legalEntityName}`).slice(0, 200),
    text: `${lines.join('\n')}\n`,
  };
}

/** A BAA request: stored, mailed to sales in the background (like the leads), audited. */
export async function requestBaa(
  deps: Pick<AppDeps, 'db' | 'mailer'> & { config: Pick<AppDeps['config'], 'salesEmail'> },
  ctx: ClinicContext,
  body: BaaRequestBody,
): Promise<BaaRequest> {
  requireEnterprise(ctx);
  const values = baaRequestBodySchema.parse(body);
  const row = await insertBaaRequest(deps.db, { ...values, clinicId: ctx.clinicId, userId: ctx.userId });
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'baa_requested',
    context: { baaRequestId: row.id },
  });
  deps.mailer.sendInBackground(
    baaEmail(deps.config.salesEmail, ctx.clinic.name, values, `${ctx.user.name} <${ctx.user.email}>`),
  );
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    legalEntityName: row.legalEntityName,
    signatoryName: row.signatoryName,
    signatoryTitle: row.signatoryTitle,
    signatoryEmail: row.signatoryEmail,
    requestedBy: ctx.user.name,
  };
}

export async function getBaaRequests(deps: Pick<AppDeps, 'db'>, ctx: ClinicContext) {
  requireEnterprise(ctx);
  const rows = await listBaaRequests(deps.db, ctx.clinicId);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}
