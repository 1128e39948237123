import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { listAllPatientRows } from './patients.repository';
import { toCsv } from './patients-csv';

type Deps = Pick<AppDeps, 'db'>;

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

export async function exportPatientsCsv(deps: Deps, ctx: ClinicContext): Promise<string> {
  const rows = await listAllPatientRows(deps.db, ctx.clinicId);
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'patients_exported',
    context: { count: rows.length },
  });
  return toCsv(
    exportHeader,
    rows.map((r) => [
      r.id,
      r.name,
      r.email,
      r.phone,
      r.procedure,
      r.status,
      r.comment,
      r.procedureDate?.toISOString().slice(0, 10) ?? null,
      r.createdAt.toISOString(),
    ]),
  );
}
