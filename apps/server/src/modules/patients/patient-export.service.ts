import type { PatientExportQuery } from '@careloop/contracts/patients';
import { patientExportQuerySchema } from '@careloop/contracts/patients';
import { procedureDateOf } from '@careloop/domain/procedure-date';
import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { type ExportCell, writeCsv, writeXlsx } from './export-file/write-export';
import { listAllPatientRows } from './patients.repository';

type Deps = Pick<AppDeps, 'db'>;

// The product's own layout: import proposes this mapping back, so an export round-trips.
const exportHeader = [
  'id',
  'name',
  'email',
  'phone',
  'procedure',
  'status',
  'comment',
  'procedure_date',
  'created_at',
] as const;

export type PatientExportFile = { body: Buffer; contentType: string; extension: 'csv' | 'xlsx' };

export async function exportPatients(
  deps: Deps,
  ctx: ClinicContext,
  query: PatientExportQuery,
): Promise<PatientExportFile> {
  const options = patientExportQuerySchema.parse(query);
  const rows = await listAllPatientRows(deps.db, ctx.clinicId);
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'patients_exported',
    context: { count: rows.length, format: options.format },
  });
  const cells: ExportCell[][] = rows.map((r) => [
    { text: r.id },
    { text: r.name },
    { text: r.email },
    { text: r.phone, kind: 'phone' },
    { text: r.procedure },
    { text: r.status },
    { text: r.comment },
    // The day in the clinic's zone, as the app shows it and import reads it back.
    {
      text: r.procedureDate ? procedureDateOf(r.procedureDate, ctx.clinic.timeZone) : null,
      kind: 'date',
    },
    { text: r.createdAt.toISOString() },
  ]);
  if (options.format === 'xlsx') {
    return {
      body: await writeXlsx(exportHeader, cells),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      extension: 'xlsx',
    };
  }
  return {
    body: writeCsv(exportHeader, cells, options),
    contentType: `text/csv; charset=${options.encoding}`,
    extension: 'csv',
  };
}
