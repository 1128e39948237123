import { z } from 'zod';

/** Settings > Branding: the clinic's logo (if any) and brand colour. */
export const brandingResponseSchema = z.object({
  brandColor: z.string().nullable(),
  logo: z.object({ type: z.string(), bytes: z.number().int(), updatedAt: z.string() }).nullable(),
});
export type BrandingResponse = z.infer<typeof brandingResponseSchema>;

/** PUT /api/settings/branding/color; checked by the domain's brand colour schema in the service. */
export const saveBrandColorBodySchema = z.record(z.string(), z.unknown());

export const saveBrandingResponseSchema = z.object({
  message: z.string(),
  branding: brandingResponseSchema,
});
export type SaveBrandingResponse = z.infer<typeof saveBrandingResponseSchema>;

/** What a patient-facing page of the clinic shows: none of it when the plan has no custom branding. */
export const publicBrandingSchema = z.object({
  color: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type PublicBranding = z.infer<typeof publicBrandingSchema>;
