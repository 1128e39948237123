import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * `count` patients, reviews, cases, case notes, alerts, messages, inbound messages, audit rows (both trails) and members (users) for
 * one clinic in a few
 * set-based statements (fast enough for tests that need a planner's view of a realistic table).
 * Ids are `<prefix>-<n>`; times step back one minute per row from now.
 */
export async function seedVolume(db: Database, clinicId: string, count: number, prefix = 'v') {
  const n = sql`generate_series(1, ${count}::int) as g`;
  const at = sql`now() - make_interval(mins => g)`;
  await db.execute(sql`
    insert into patients (clinic_id, id, name, email, phone, procedure, status, procedure_date, created_at, updated_at)
    select ${clinicId}, ${prefix} || '-p' || g, 'Patient ' || g || ' Example', 'patient' || g || '@example.com',
           '+3461' || lpad(g::text, 7, '0'), 'Dental Implant',
           (array['active', 'completed', 'watch', 'red'])[1 + g % 4], ${at}, ${at}, ${at}
    from ${n}`);
  await db.execute(sql`
    insert into reviews (clinic_id, id, provider, provider_review_id, patient_id, rating, title, review_text,
                         reviewer_name, review_date, match_status)
    select ${clinicId}, ${prefix} || '-r' || g, 'trustpilot', ${prefix} || '-tp' || g,
           case when g % 3 = 0 then ${prefix} || '-p' || g end, 1 + g % 5, 'Review ' || g,
           'Friendly staff.', 'Reviewer ' || g, ${at},
           case when g % 3 = 0 then 'matched' else 'unmatched' end
    from ${n}`);
  await db.execute(sql`
    insert into cases (clinic_id, id, source, patient_id, title, severity, status, due_at, resolved_at, created_at,
                       updated_at)
    select ${clinicId}, ${prefix} || '-c' || g, 'manual', ${prefix} || '-p' || g, 'Case ' || g,
           (array['high', 'medium', 'low'])[1 + g % 3], (array['open', 'in_progress', 'resolved', 'closed'])[1 + g % 4],
           ${at} + interval '1 day', case when g % 4 = 2 then ${at} end, ${at}, ${at}
    from ${n}`);
  await db.execute(sql`
    insert into alerts (clinic_id, id, severity, status, created_at)
    select ${clinicId}, ${prefix} || '-a' || g, (array['high', 'medium', 'low'])[1 + g % 3],
           case when g % 2 = 0 then 'active' else 'resolved' end, ${at}
    from ${n}`);
  await db.execute(sql`
    insert into patient_communications (clinic_id, id, patient_id, channel, kind, message_content, delivery_status,
                                        sent_at, created_at, updated_at)
    select ${clinicId}, ${prefix} || '-m' || g, ${prefix} || '-p' || g, (array['sms', 'whatsapp'])[1 + g % 2],
           'followup', 'How are you feeling, patient ' || g || '?',
           case when g % 10 = 0 then 'queued' else 'delivered' end,
           case when g % 10 = 0 then null else ${at} end, ${at}, ${at}
    from ${n}`);
  await db.execute(sql`
    insert into webhook_logs (clinic_id, id, webhook_type, provider, provider_message_id, patient_id, patient_phone,
                              message_content, received_at)
    select ${clinicId}, ${prefix} || '-w' || g, 'inbound_message', (array['twilio', 'whatsapp'])[1 + g % 2],
           ${prefix} || '-wm' || g, ${prefix} || '-p' || g, '+3461' || lpad(g::text, 7, '0'), 'Thank you ' || g, ${at}
    from ${n}`);
  await db.execute(sql`
    insert into case_notes (clinic_id, id, case_id, body, created_at)
    select ${clinicId}, ${prefix} || '-n' || g, ${prefix} || '-c' || g, 'Called the patient.', ${at}
    from ${n}`);
  await db.execute(sql`
    insert into security_audit_log (id, clinic_id, user_id, action, resource_type, resource_id, risk_level, created_at)
    select ${prefix} || '-sa' || g, ${clinicId}, ${prefix} || '-u' || g, 'patient_viewed', 'patient',
           ${prefix} || '-p' || g, 'low', ${at}
    from ${n}`);
  await db.execute(sql`
    insert into user_actions (id, clinic_id, user_id, action, context, created_at)
    select ${prefix} || '-ua' || g, ${clinicId}, ${prefix} || '-u' || g, 'case_resolved',
           jsonb_build_object('caseId', ${prefix} || '-c' || g), ${at}
    from ${n}`);
  await db.execute(sql`
    insert into users (id, name, email, email_verified)
    select ${prefix} || '-u' || g, 'Member ' || g, ${prefix} || '-member' || g || '@example.com', true
    from ${n}`);
  await db.execute(sql`
    insert into clinic_users (id, clinic_id, user_id, role)
    select ${prefix} || '-cu' || g, ${clinicId}, ${prefix} || '-u' || g, 'staff'
    from ${n}`);
}
