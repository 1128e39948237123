import type {
  CreateProcedureBody,
  ProcedureListResponse,
  UpdateProcedureBody,
} from '@careloop/contracts/procedures';
import {
  type ClinicProcedure,
  clinicProcedureList,
  fallbackProcedure,
  procedureKeyFromText,
  procedureMessages,
  procedureNamesProblem,
  type StoredClinicProcedure,
} from '@careloop/domain/clinic-procedures';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { listStoredProcedures, lockStoredProcedures, saveStoredProcedure } from './procedures.repository';

type Deps = Pick<AppDeps, 'db'>;
/** What changes or reads the list through this process's cache of it (ADR 023). */
type CachedDeps = Pick<AppDeps, 'db' | 'procedureLists' | 'clock'>;

/** The clinic's procedure list: the seven defaults (as it renamed or archived them), then its own. */
export async function clinicProcedures(db: Database, clinicId: string): Promise<ClinicProcedure[]> {
  return clinicProcedureList(await listStoredProcedures(db, clinicId));
}

/**
 * Reads a procedure text the way a patient form or the API sends it: the key of the clinic's
 * procedure it names (any language), undefined when none in use does. The list may be the one this
 * process kept (ADR 023); `text`, the one the caller is about to read, is looked up in the table
 * again when the kept list does not know it, so a procedure just added through another process is
 * never refused. What the kept list may still accept: a procedure archived elsewhere in the last
 * `SESSION_CACHE_SECONDS`.
 */
export async function procedureReader(deps: CachedDeps, clinicId: string, text?: string | null) {
  const now = (deps.clock ?? Date.now)();
  let list = deps.procedureLists.find(clinicId, now);
  if (!list || (text && procedureKeyFromText(list, text) === undefined)) {
    const generation = deps.procedureLists.generation();
    list = await clinicProcedures(deps.db, clinicId);
    deps.procedureLists.store(clinicId, list, generation, now);
  }
  const known = list;
  return (wanted: string) => procedureKeyFromText(known, wanted);
}

/** Runs a change of the clinic's list, then ends what this process kept of it. */
async function changingList<T>(deps: CachedDeps, clinicId: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    deps.procedureLists.forget(clinicId);
  }
}

export async function listProcedures(deps: Deps, ctx: ClinicContext): Promise<ProcedureListResponse> {
  return { procedures: await clinicProcedures(deps.db, ctx.clinicId) };
}

const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

function checkNames(list: readonly ClinicProcedure[], names: StoredNames, key: string | null) {
  const problem = procedureNamesProblem(list, { en: names.nameEn, es: names.nameEs, tr: names.nameTr }, key);
  if (problem) throw badRequest(problem.message, [{ field: 'names', message: problem.message }]);
}

type StoredNames = Pick<StoredClinicProcedure, 'nameEn' | 'nameEs' | 'nameTr'>;

export async function createProcedure(
  deps: CachedDeps,
  ctx: ClinicContext,
  body: CreateProcedureBody,
): Promise<ProcedureListResponse> {
  const names = { nameEn: blank(body.names.en), nameEs: blank(body.names.es), nameTr: blank(body.names.tr) };
  const procedures = await changingList(deps, ctx.clinicId, () =>
    deps.db.transaction(async (tx) => {
      await lockStoredProcedures(tx, ctx.clinicId);
      const list = await clinicProcedures(tx, ctx.clinicId);
      checkNames(list, names, null);
      // The key patients store: the name in the clinic's language, else the first given; the checks
      // above keep it unique.
      const inClinicLanguage = { en: names.nameEn, es: names.nameEs, tr: names.nameTr }[
        ctx.clinic.defaultLanguage as 'en' | 'es' | 'tr'
      ];
      const key = (inClinicLanguage ?? names.nameEn ?? names.nameEs ?? names.nameTr) as string;
      await saveStoredProcedure(tx, ctx.clinicId, { key, ...names, archivedAt: null }, new Date());
      return clinicProcedures(tx, ctx.clinicId);
    }),
  );
  return { procedures };
}

export async function updateProcedure(
  deps: CachedDeps,
  ctx: ClinicContext,
  key: string,
  body: UpdateProcedureBody,
): Promise<ProcedureListResponse> {
  const procedures = await changingList(deps, ctx.clinicId, () =>
    deps.db.transaction(async (tx) => {
      await lockStoredProcedures(tx, ctx.clinicId);
      const list = await clinicProcedures(tx, ctx.clinicId);
      const current = list.find((procedure) => procedure.key === key);
      if (!current) throw notFound('Procedure');
      const given = body.names ?? {};
      const nameOf = (language: 'en' | 'es' | 'tr') =>
        given[language] === undefined ? current.names[language] : blank(given[language]);
      const names = { nameEn: nameOf('en'), nameEs: nameOf('es'), nameTr: nameOf('tr') };
      if (body.names) checkNames(list, names, key);
      const archived = body.archived ?? current.archived;
      if (archived && key === fallbackProcedure) {
        const { message } = procedureMessages.otherStays;
        throw badRequest(message, [{ field: 'archived', message }]);
      }
      const archivedAt = archived ? new Date() : null;
      await saveStoredProcedure(tx, ctx.clinicId, { key, ...names, archivedAt }, new Date());
      return clinicProcedures(tx, ctx.clinicId);
    }),
  );
  return { procedures };
}
