/**
 * Every event the server writes to its audit trail (`security_audit_log` and `user_actions`, both
 * append-only). Only the server writes them; a client report (`POST /api/log-user-action`) goes to
 * its own table and may not carry one of these names.
 */
export const securityAuditActions = [
  'successful_login',
  'failed_login',
  'account_locked',
  'member_invited',
  'invitation_revoked',
  'member_role_changed',
  'member_removed',
  'secret_saved',
  'patient_viewed',
  'patient_timeline_viewed',
  'idle_sign_out_changed',
  'api_client_created',
  'api_client_revoked',
  'api_client_secret_rotated',
  'patient_data_erased',
  'webhook_endpoint_created',
  'webhook_endpoint_updated',
  'webhook_endpoint_deleted',
  'webhook_delivery_replayed',
  'webhook_secret_rotated',
  'webhook_test_sent',
] as const;
export type SecurityAuditAction = (typeof securityAuditActions)[number];

/** What a security audit entry is about (its `resource_type`). */
export const auditResourceTypes = [
  'authentication',
  'patient',
  'clinic',
  'team',
  'secret',
  'api_client',
  'webhook_endpoint',
] as const;
export type AuditResourceType = (typeof auditResourceTypes)[number];

export const workAuditActions = [
  'patients_exported',
  'patients_imported',
  'case_resolved',
  'automation_settings_saved',
  'automation_test_message_sent',
  'templates_saved',
  'review_reply_edited',
  'review_reply_approved',
  'review_reply_discarded',
  'review_match_changed',
  'patient_alias_removed',
  'settings_category_updated',
  'settings_profile_updated',
  'settings_trustpilot_saved',
  'settings_whatsapp_saved',
  'settings_whatsapp_tested',
  'settings_sms_saved',
  'settings_sms_tested',
  'settings_ai_review_response_saved',
  'test_case_updated',
  'billing_checkout_started',
  'billing_portal_opened',
  'billing_subscription_resumed',
  'plan_changed',
  'security_check_initiated',
  'security_full_scan_initiated',
  'security_auto_fix_attempted',
  'security_auto_fix_completed',
  'audit_log_exported',
  'patient_data_exported',
  'data_retention_saved',
  'data_retention_applied',
  'baa_requested',
  'sandbox_mode_changed',
  'survey_settings_saved',
  'branding_saved',
] as const;
export type WorkAuditAction = (typeof workAuditActions)[number];

const serverAuditActions: ReadonlySet<string> = new Set([...securityAuditActions, ...workAuditActions]);

export const isServerAuditAction = (action: string) => serverAuditActions.has(action.trim().toLowerCase());
