import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { sandboxBusinessUnitId } from '../../apps/server/src/integrations/trustpilot/trustpilot.sandbox';
import { addTwilioSandboxAccount } from '../../apps/server/src/integrations/twilio/twilio.sandbox';
import { associatedData } from '../../apps/server/src/modules/secrets/secrets.service';
import { trustpilotReview } from '../../apps/server/src/testing/build-review-source';
import type { FleetFakes } from './fleet-fakes';
import type { startInProcessServer } from './in-process-server';

type Server = Awaited<ReturnType<typeof startInProcessServer>>;
type Row = Record<string, unknown>;

export type FleetSize = {
  clinics: number;
  patientsPerClinic: number;
  reviewsPerClinic: number;
  timeZone: string;
};

/**
 * The fleet: one clinic set up through the product's own HTTP routes (SMS on Twilio, Trustpilot
 * connected, a webhook endpoint, automation on), copied in SQL to the others with their own
 * credentials sealed under their own ids, then every clinic's patients by generate_series.
 * Answers the clinic ids.
 */
export async function seedFleet(server: Server, fakes: FleetFakes, size: FleetSize): Promise<string[]> {
  const template = server.clinicId;
  const headers = { cookie: server.cookie, 'content-type': 'application/json', origin: server.baseUrl };
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${server.baseUrl}${path}`, { method, headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
    return res.json() as Promise<Row>;
  };
  // Webhook endpoints are a Professional feature.
  await server.db.execute(
    sql`update clinics set subscription_tier = 'professional', time_zone = ${size.timeZone} where id = ${template}`,
  );
  const twilio = credentialsFor(fakes, template);
  await call('PUT', '/api/settings/sms', {
    provider: 'twilio',
    accountSid: twilio.accountSid,
    authToken: twilio.authToken,
    fromNumber: '+14155552671',
  });
  const trustpilot = trustpilotFor(fakes, template, size.reviewsPerClinic);
  await call('POST', '/api/secrets', { name: `TRUSTPILOT_API_KEY_${template}`, value: trustpilot.apiKey });
  await call('POST', '/api/secrets', {
    name: `TRUSTPILOT_BUSINESS_UNIT_ID_${template}`,
    value: trustpilot.businessUnitId,
  });
  const endpoint = await call('POST', '/api/settings/webhook-endpoints', {
    url: fakes.receiverUrl(template),
    events: ['message.sent', 'message.failed', 'review.created'],
  });
  fakes.webhookSecrets.add(String(endpoint.secret));

  const ids = [template, ...Array.from({ length: size.clinics - 1 }, (_, k) => `${template}-${k + 1}`)];
  if (size.clinics > 1) await cloneClinic(server, template, size.clinics - 1);
  await sealSecrets(server, fakes, template, ids.slice(1), size.reviewsPerClinic);
  for (let i = 0; i < ids.length; i += 50)
    await seedPatients(server, ids.slice(i, i + 50), size.patientsPerClinic);
  await server.db.execute(sql`analyze`);
  return ids;
}

function credentialsFor(fakes: FleetFakes, clinicId: string) {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  addTwilioSandboxAccount(fakes.twilio, {
    sid: accountSid,
    authToken,
    friendlyName: clinicId,
    status: 'active',
  });
  return { accountSid, authToken };
}

/** A business unit per clinic with reviews of the last hour, signed with its patients' names. */
function trustpilotFor(fakes: FleetFakes, clinicId: string, reviews: number) {
  const apiKey = `tp-key-${randomBytes(8).toString('hex')}`;
  const businessUnitId = sandboxBusinessUnitId();
  fakes.trustpilot.apiKeys.add(apiKey);
  fakes.trustpilot.businessUnits.set(businessUnitId, {
    id: businessUnitId,
    domain: `${businessUnitId}.example`,
    displayName: clinicId,
    reviews: Array.from({ length: reviews }, (_, i) =>
      trustpilotReview({ name: `Patient ${i * 7} Example`, stars: 1 + (i % 5), daysAgo: 0.02 }),
    ),
  });
  return { apiKey, businessUnitId };
}

/**
 * Every row of the template's configuration (any table with a clinic_id, and its members) copied
 * `copies` times: the clinic id replaced wherever it appears (secret names included); other row
 * ids suffixed. Secrets are left to sealSecrets: ciphertext is bound to its clinic.
 */
async function cloneClinic(server: Server, template: string, copies: number) {
  const { db } = server;
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const columns = await rowsOf(sql`
    select table_name, column_name, data_type, column_default, is_generated
    from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`);
  const byTable = new Map<string, Row[]>();
  for (const c of columns)
    byTable.set(String(c.table_name), [...(byTable.get(String(c.table_name)) ?? []), c]);
  const tenantTables = [...byTable.entries()]
    .filter(([name, cols]) => name !== 'secrets' && cols.some((c) => c.column_name === 'clinic_id'))
    .map(([name]) => name);
  const k = sql.raw('k');
  const expression = (c: Row, table: string) => {
    const name = sql.identifier(String(c.column_name));
    const id = sql`${template} || '-' || ${k}`;
    if (c.column_name === 'clinic_id' || (table === 'clinics' && c.column_name === 'id')) return id;
    if (table === 'users' && c.column_name === 'email')
      return sql`replace(${name}, '@', '+f' || ${k} || '@')`;
    const isId = c.column_name === 'id' || String(c.column_name).endsWith('_id');
    if (c.data_type === 'text' && isId)
      return sql`case when ${name} like ${`%${template}%`} then replace(${name}, ${template}, ${id}) else ${name} || '-' || ${k} end`;
    if (c.data_type === 'text') return sql`replace(${name}, ${template}, ${id})`;
    if (c.data_type === 'jsonb') return sql`replace(${name}::text, ${template}, ${id})::jsonb`;
    return name;
  };
  const copy = async (table: string, where: ReturnType<typeof sql>) => {
    const cols = (byTable.get(table) ?? []).filter(
      (c) => c.is_generated !== 'ALWAYS' && !String(c.column_default ?? '').startsWith('nextval('),
    );
    await db.execute(sql`
      insert into ${sql.identifier(table)} (${sql.join(
        cols.map((c) => sql.identifier(String(c.column_name))),
        sql`, `,
      )})
      select ${sql.join(
        cols.map((c) => expression(c, table)),
        sql`, `,
      )}
      from ${sql.identifier(table)} cross join generate_series(1, ${copies}::int) k where ${where}`);
  };
  await copy('clinics', sql`id = ${template}`);
  await copy('users', sql`id in (select user_id from clinic_users where clinic_id = ${template})`);
  // Foreign keys between tenant tables decide the order: a table waits for the ones it refers to.
  let pending = tenantTables.filter((t) => t !== 'clinics');
  for (let pass = 0; pending.length > 0 && pass < 10; pass++) {
    const failed: string[] = [];
    for (const table of pending) {
      const [{ n }] = (await rowsOf(
        sql`select count(*)::int as n from ${sql.identifier(table)} where clinic_id = ${template}`,
      )) as [{ n: number }];
      if (n === 0) continue;
      try {
        await copy(table, sql`clinic_id = ${template}`);
      } catch (error) {
        if ((error as { code?: string }).code !== '23503') throw error;
        failed.push(table);
      }
    }
    pending = failed;
  }
  if (pending.length > 0) throw new Error(`could not copy ${pending.join(', ')}`);
}

/** Each copy's secrets: its own Twilio account and Trustpilot unit, the template's others, sealed for it. */
async function sealSecrets(
  server: Server,
  fakes: FleetFakes,
  template: string,
  ids: string[],
  reviews: number,
) {
  const { db, deps } = server;
  const rows = (
    (await db.execute(
      sql`select name, ciphertext, iv, auth_tag from secrets where clinic_id = ${template}`,
    )) as unknown as { rows: { name: string; ciphertext: string; iv: string; auth_tag: string }[] }
  ).rows;
  const plain = rows.map((r) => ({
    name: r.name,
    value: deps.secretBox.open(
      { ciphertext: r.ciphertext, iv: r.iv, authTag: r.auth_tag },
      associatedData(template, r.name),
    ),
  }));
  for (let i = 0; i < ids.length; i += 200) {
    const values: { clinicId: string; name: string; ciphertext: string; iv: string; authTag: string }[] = [];
    for (const clinicId of ids.slice(i, i + 200)) {
      const twilio = credentialsFor(fakes, clinicId);
      const trustpilot = trustpilotFor(fakes, clinicId, reviews);
      for (const secret of plain) {
        const name = secret.name.replace(template, clinicId);
        const value = name.startsWith('TWILIO_ACCOUNT_SID_')
          ? twilio.accountSid
          : name.startsWith('TWILIO_AUTH_TOKEN_')
            ? twilio.authToken
            : name.startsWith('TRUSTPILOT_API_KEY_')
              ? trustpilot.apiKey
              : name.startsWith('TRUSTPILOT_BUSINESS_UNIT_ID_')
                ? trustpilot.businessUnitId
                : secret.value;
        values.push({ clinicId, name, ...deps.secretBox.seal(value, associatedData(clinicId, name)) });
      }
    }
    await db.execute(sql`
      insert into secrets (clinic_id, name, ciphertext, iv, auth_tag)
      select "clinicId", name, ciphertext, iv, "authTag"
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as v("clinicId" text, name text, ciphertext text, iv text, "authTag" text)`);
  }
}

/** Patients treated 40 to 400 days ago: nothing of theirs is due, but every planning run reads them. */
async function seedPatients(server: Server, clinicIds: string[], n: number) {
  await server.db.execute(sql`
    insert into patients (clinic_id, id, name, email, phone, procedure, status, language, procedure_date,
                          created_at, updated_at, risk_computed_at)
    select c, 'P-' || g, 'Patient ' || g || ' Example', 'patient' || g || '@example.com',
           '+3461' || lpad((1000000 + g)::text, 7, '0'),
           (array['Hair Transplant','Dental Implant','Plastic Surgery','PRP Treatment','Teeth Whitening'])[g % 5 + 1],
           (array['active','completed','watch','red'])[g % 4 + 1], (array['en','es','tr'])[g % 3 + 1],
           now() - (40 + g % 360) * interval '1 day', now() - g * interval '1 hour', now() - g * interval '1 hour', now()
    from unnest(string_to_array(${clinicIds.join(',')}, ',')) c cross join generate_series(0, ${n - 1}::int) g`);
}

/** Patients recorded now with yesterday's procedure: their day-1 follow-up falls due at the next planning. */
export async function addTreatedPatients(client: pg.Client, clinicIds: string[], n: number, tag: string) {
  await client.query(
    `insert into patients (clinic_id, id, name, phone, procedure, status, language, procedure_date, risk_computed_at)
     select c, 'N-' || $3 || '-' || g, 'New Patient ' || $3 || ' ' || g, '+3462' || lpad(g::text, 7, '0'),
            'Dental Implant', 'active', 'en', now() - interval '1 day', now()
     from unnest($1::text[]) c cross join generate_series(1, $2::int) g`,
    [clinicIds, n, tag],
  );
}
