import {
  type PatientDataExportQuery,
  type PatientErasureBody,
  type PatientErasureResponse,
  patientDataExportQuerySchema,
  patientErasureBodySchema,
} from '@careloop/contracts/compliance';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { recordSecurityEvent, recordUserAction } from '../audit/audit.service';
import { type ExportCell, writeCsv } from '../patients/export-file/write-export';
import { requireEnterprise } from './compliance-gate';
import { erasePatientRows, findPatient, type PatientData, readPatientData } from './patient-data.repository';

type Deps = Pick<AppDeps, 'db'>;

type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

/** A row as JSON: dates as ISO text, the clinic id left out (the file is the clinic's own). */
function plain(row: object): Record<string, Plain> {
  const out: Record<string, Plain> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'clinicId') continue;
    out[key] = value instanceof Date ? value.toISOString() : (value as Plain);
  }
  return out;
}

/** The sections of the export, in the order the file lists them. */
function sections(patient: object, data: PatientData) {
  return {
    patient: [plain(patient)],
    aliases: data.aliases.map(plain),
    messages: data.messages.map(plain),
    inboundMessages: data.inbound.map(plain),
    reviews: data.reviews.map(plain),
    cases: data.cases.map(plain),
    caseNotes: data.notes.map(plain),
    alerts: data.alerts.map(plain),
    crossSellOpportunities: data.crossSells.map(plain),
    followUpCampaigns: data.campaigns.map(plain),
  };
}

export type PatientDataFile = { body: Buffer; contentType: string; filename: string };

/** One patient's data across tables as JSON or CSV (section, record id, field, value); audited. */
export async function exportPatientData(
  deps: Deps,
  ctx: ClinicContext,
  patientId: string,
  query: PatientDataExportQuery,
): Promise<PatientDataFile> {
  requireEnterprise(ctx);
  const { format } = patientDataExportQuerySchema.parse(query);
  const patient = await findPatient(deps.db, ctx.clinicId, patientId);
  if (!patient) throw notFound('Patient');
  const all = sections(patient, await readPatientData(deps.db, ctx.clinicId, patient));
  const exportedAt = new Date().toISOString();
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'patient_data_exported',
    context: {
      patientId,
      format,
      counts: Object.fromEntries(Object.entries(all).map(([name, rows]) => [name, rows.length])),
    },
  });
  const filename = `patient-${patientId}-${exportedAt.slice(0, 10)}.${format}`;
  if (format === 'json') {
    return {
      body: Buffer.from(JSON.stringify({ exportedAt, clinicId: ctx.clinicId, ...all }, null, 2)),
      contentType: 'application/json; charset=utf-8',
      filename,
    };
  }
  const rows: ExportCell[][] = [];
  for (const [section, records] of Object.entries(all)) {
    for (const record of records) {
      const recordId = typeof record.id === 'string' ? record.id : null;
      for (const [field, value] of Object.entries(record)) {
        const text =
          value === null ? null : typeof value === 'object' ? JSON.stringify(value) : String(value);
        rows.push([
          { text: section },
          { text: recordId },
          { text: field },
          { text, kind: field === 'phone' ? 'phone' : undefined },
        ]);
      }
    }
  }
  return {
    body: writeCsv(['section', 'record_id', 'field', 'value'], rows, {
      delimiter: 'comma',
      encoding: 'utf-8',
    }),
    contentType: 'text/csv; charset=utf-8',
    filename,
  };
}

/** Erasure on the patient's request: their personal data leaves every table; the erasure is audited. */
export async function erasePatientData(
  deps: Deps,
  ctx: ClinicContext,
  patientId: string,
  body: PatientErasureBody,
): Promise<PatientErasureResponse> {
  requireEnterprise(ctx);
  const { requestedVia } = patientErasureBodySchema.parse(body);
  // One transaction: no erasure without its audit entry, and no entry without its erasure.
  const removed = await deps.db.transaction(async (tx) => {
    const erased = await erasePatientRows(tx, ctx.clinicId, patientId);
    if (!erased) return null;
    await recordSecurityEvent(tx, {
      clinicId: ctx.clinicId,
      userId: ctx.userId,
      action: 'patient_data_erased',
      resourceType: 'patient',
      resourceId: patientId,
      riskLevel: 'high',
      detail: { requestedVia, removed: erased },
    });
    return erased;
  });
  if (!removed) throw notFound('Patient');
  return { patientId, erasedAt: new Date().toISOString(), removed };
}
