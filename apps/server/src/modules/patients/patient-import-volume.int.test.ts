import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../db/schema';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { changedTables, clinicSnapshot } from '../../testing/route-table';
import { createTestApp, type TestApp } from '../../testing/test-app';

const rowCount = 4_000;

/** A file of `n` valid patients (distinct phones and e-mails); `badRow` (1-based data row) gets a bad phone. */
function patientFile(n: number, tag: string, badRow?: number) {
  const lines = ['Name,Phone,Email,Procedure'];
  for (let i = 1; i <= n; i++) {
    const phone = i === badRow ? '12' : `+3461${String(1_000_000 + i).slice(-7)}`;
    lines.push(`Paciente ${tag} ${i},${phone},p${i}.${tag}@example.es,Dental Implant`);
  }
  return lines.join('\n');
}

let t: TestApp;
/** Statements run, in order, with what else had happened by then (for the event-loop test). */
const statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ observeQuery: (statement) => void statements.push(statement) });
});
afterAll(async () => {
  await t?.close();
});

const importCsv = (cookie: string, csv: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/patients/import',
    headers: jsonHeaders({ cookie }),
    payload: { csv },
  });

const patientCount = async (clinicId: string) =>
  (await t.db.select({ n: count() }).from(patients).where(eq(patients.clinicId, clinicId)))[0]?.n;

describe('importing thousands of patients', () => {
  it('commits every row, each with its own id, at one instant', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'enterprise' });
    const res = await importCsv(owner.cookie, patientFile(rowCount, 'a'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ inserted: rowCount, skipped: 0 });
    const rows = await t.db.select({ id: patients.id }).from(patients).where(eq(patients.clinicId, clinicId));
    expect(rows).toHaveLength(rowCount);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rowCount);
  });

  it('keeps answering other requests while it reads, checks and inserts the rows', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'enterprise' });
    const csv = patientFile(rowCount, 'b');
    statements.length = 0;
    let importAnswered = false;
    const answeredDuring: number[] = [];
    const importing = importCsv(owner.cookie, csv).then((res) => {
      importAnswered = true;
      return res;
    });
    // One request after another, each sent when the previous one was answered, until the import is.
    let statementsAtFirstAnswer = -1;
    while (!importAnswered) {
      // inject answers without I/O: give the event loop one turn, so this loop cannot starve the import.
      await new Promise((resolve) => setImmediate(resolve));
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      if (importAnswered) break;
      if (statementsAtFirstAnswer < 0) statementsAtFirstAnswer = statements.length;
      answeredDuring.push(statements.length);
    }
    const res = await importing;
    expect(res.json()).toMatchObject({ inserted: rowCount });
    expect(await patientCount(clinicId)).toBe(rowCount);
    // The rows are read and checked in slices that give way to other requests before the first insert
    // (the whole file was read, checked and given ids in one stretch of the event loop before).
    const firstInsert = statements.findIndex((statement) => /insert into "?patients"? \(/i.test(statement));
    expect(firstInsert).toBeGreaterThan(-1);
    const beforeFirstInsert = answeredDuring.filter((at) => at <= firstInsert).length;
    expect(beforeFirstInsert, `answers at statements ${answeredDuring.join(',')}`).toBeGreaterThanOrEqual(
      rowCount / 1_000,
    );
  });

  it('changes nothing when one row of thousands is refused by the database', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'enterprise' });
    const before = await clinicSnapshot(t.db, clinicId);
    // The last row's name holds a NUL byte: it passes the file checks, and the database refuses it in
    // the last slice of inserts. (In the JSON text itself it would be refused before any route runs.)
    const csv = `${patientFile(rowCount, 'c')}\nBad\u0000Name,+34619999999,last@example.es,Dental Implant`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/import',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { file: Buffer.from(csv, 'utf8').toString('base64') },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(changedTables(before, await clinicSnapshot(t.db, clinicId))).toEqual([]);
  });

  it('rolls back and answers 503 when the server shuts down during the import', async () => {
    let closing: Promise<void> | null = null;
    const own = await createTestApp({
      // The server is told to stop as the first rows go in (what SIGTERM does in main.ts).
      observeQuery: (statement) => {
        if (!closing && /insert into "?patients"? \(/i.test(statement)) closing = own.app.close();
      },
    });
    try {
      const { clinicId, owner } = await buildClinic(own, { tier: 'enterprise' });
      const before = await clinicSnapshot(own.db, clinicId);
      const res = await own.app.inject({
        method: 'POST',
        url: '/api/patients/import',
        headers: jsonHeaders({ cookie: owner.cookie }),
        payload: { csv: patientFile(rowCount, 'd') },
      });
      expect(closing).not.toBeNull();
      await closing;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error).toEqual({
        code: 'SHUTTING_DOWN',
        message: 'The server is restarting; nothing was imported. Please import the file again.',
      });
      expect(changedTables(before, await clinicSnapshot(own.db, clinicId))).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
