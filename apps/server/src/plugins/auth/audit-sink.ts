/** Where better-auth's hooks write security events (modules/audit implements it). */
export type AuditSink = (entry: {
  action: 'successful_login' | 'failed_login' | 'account_locked';
  resourceId: string;
  userId: string | null;
  riskLevel: 'low' | 'medium' | 'high' | 'critical';
  ipAddress: string | null;
  reason?: string;
}) => Promise<void>;
