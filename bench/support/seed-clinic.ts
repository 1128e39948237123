import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';

/** Bulk seed in the database (insert … select generate_series): 100,000 patients in seconds. */
export async function seedClinic(db: Database, clinicId: string, n: number) {
  const half = Math.floor(n / 2);
  await db.execute(sql`
    insert into patients (clinic_id, id, name, email, phone, procedure, status, procedure_date, created_at, updated_at)
    select ${clinicId}, 'P-' || ${clinicId} || '-' || g, 'Patient ' || g || ' Example', 'patient' || g || '@example.com',
           '+3461' || lpad((1000000 + g)::text, 7, '0'),
           (array['Hair Transplant','Dental Implant','Plastic Surgery','PRP Treatment','Teeth Whitening','Root Canal','Other'])[g % 7 + 1],
           (array['active','completed','watch','red'])[g % 4 + 1],
           now() - g * interval '1 minute', now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(0, ${n - 1}::int) g`);
  await db.execute(sql`
    insert into reviews (clinic_id, id, provider, provider_review_id, patient_id, rating, title, review_text,
                         reviewer_name, review_date, match_status)
    select ${clinicId}, 'rev-' || ${clinicId} || '-' || g, 'trustpilot', 'tp-' || g,
           case when g % 3 = 0 then 'P-' || ${clinicId} || '-' || g end, 1 + g % 5, 'Review ' || g,
           'Friendly staff and a clean clinic.', 'Reviewer ' || g, now() - g * interval '1 hour',
           case when g % 3 = 0 then 'matched' else 'unmatched' end
    from generate_series(0, ${half - 1}::int) g`);
  await db.execute(sql`
    insert into cases (clinic_id, id, source, patient_id, title, severity, status, due_at, created_at, updated_at, resolved_at)
    select ${clinicId}, 'cas-' || ${clinicId} || '-' || g, 'manual', 'P-' || ${clinicId} || '-' || g, 'Case ' || g,
           (array['high','medium','low'])[g % 3 + 1], (array['open','in_progress','resolved','closed'])[g % 4 + 1],
           now() - g * interval '1 hour' + interval '1 day', now() - g * interval '1 hour', now() - g * interval '1 hour',
           case when g % 4 = 2 then now() - g * interval '1 hour' + interval '1 hour' end
    from generate_series(0, ${half - 1}::int) g`);
  // Conversations: a sent follow-up per patient (a tenth still queued), a reply from every other one.
  await db.execute(sql`
    insert into patient_communications (clinic_id, id, patient_id, channel, kind, schedule_day, message_content,
                                        delivery_status, sent_at, created_at, updated_at)
    select ${clinicId}, 'msg-' || ${clinicId} || '-' || g, 'P-' || ${clinicId} || '-' || g,
           (array['whatsapp','sms'])[g % 2 + 1], 'followup', 1,
           'Hi Patient ' || g || ', how are you feeling after your treatment?',
           (array['queued','sent','delivered','read','delivered','read','sent','delivered','read','delivered'])[g % 10 + 1],
           case when g % 10 <> 0 then now() - g * interval '1 minute' end,
           now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(0, ${n - 1}::int) g`);
  await db.execute(sql`
    insert into webhook_logs (clinic_id, id, webhook_type, provider, provider_message_id, patient_id, patient_phone,
                              message_content, received_at)
    select ${clinicId}, 'whl-' || ${clinicId} || '-' || g, 'inbound_message', (array['whatsapp','twilio'])[g % 2 + 1],
           'wamid-' || ${clinicId} || '-' || g, 'P-' || ${clinicId} || '-' || g,
           '+3461' || lpad((1000000 + g)::text, 7, '0'), 'Thank you, all good so far.',
           now() - g * interval '1 minute' + interval '30 seconds'
    from generate_series(0, ${half - 1}::int) g`);
}
