import { z } from 'zod';
import { clinicRoleSchema } from './me';

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: clinicRoleSchema,
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: clinicRoleSchema,
  status: z.enum(['pending', 'accepted', 'revoked']),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const teamResponseSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(invitationSchema),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

export const inviteMemberBodySchema = z.object({
  email: z.email().max(320),
  role: clinicRoleSchema.default('staff'),
});
export type InviteMemberBody = z.input<typeof inviteMemberBodySchema>;

export const updateMemberRoleBodySchema = z.object({ role: clinicRoleSchema });
export type UpdateMemberRoleBody = z.infer<typeof updateMemberRoleBodySchema>;

export const memberParamsSchema = z.object({ userId: z.string().min(1).max(100) });
export const invitationParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const invitationTokenParamsSchema = z.object({ token: z.string().min(10).max(200) });

/** What the sign-up page shows for an invitation link (public). */
export const invitationPreviewSchema = z.object({
  clinicName: z.string(),
  email: z.string(),
  role: clinicRoleSchema,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
