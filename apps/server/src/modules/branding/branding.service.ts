import type { BrandingResponse, PublicBranding, SaveBrandingResponse } from '@careloop/contracts/branding';
import { brandColorMessages, saveBrandColorSchema } from '@careloop/domain/branding/brand-color';
import { checkLogoImage, logoMessages } from '@careloop/domain/branding/logo-image';
import { getPlanFeatures } from '@careloop/domain/plans';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { planRequired } from '../settings/settings.service';
import {
  type BrandingRow,
  findBranding,
  findLogo,
  upsertBrandColor,
  upsertLogo,
} from './branding.repository';

type Deps = Pick<AppDeps, 'db'>;
type Caller = Pick<ClinicContext, 'clinicId' | 'userId' | 'clinic'>;

/** Custom branding is a Professional and Enterprise feature. */
function requireBrandingPlan(ctx: Caller) {
  if (!getPlanFeatures(ctx.clinic.subscriptionTier).hasCustomBranding) throw planRequired();
}

const toResponse = (row: BrandingRow | null): BrandingResponse => ({
  brandColor: row?.brandColor ?? null,
  logo:
    row?.logoType && row.logoBytes && row.logoUpdatedAt
      ? { type: row.logoType, bytes: row.logoBytes, updatedAt: row.logoUpdatedAt.toISOString() }
      : null,
});

const fieldProblem = (field: string, problem: { key: string; message: string }) =>
  badRequest(problem.message, [{ field, key: problem.key, message: problem.message }]);

export async function getBranding(deps: Deps, ctx: Caller): Promise<BrandingResponse> {
  requireBrandingPlan(ctx);
  return toResponse(await findBranding(deps.db, ctx.clinicId));
}

/**
 * Stores the clinic's logo: the bytes must be a PNG, JPEG or WebP by their own signature (and the
 * type the upload named, when it named one), 300 kB at most. 400 and nothing stored otherwise.
 */
export async function saveLogo(
  deps: Deps,
  ctx: Caller,
  bytes: Uint8Array,
  declaredType: string | undefined,
  now = new Date(),
): Promise<SaveBrandingResponse> {
  requireBrandingPlan(ctx);
  const check = checkLogoImage(bytes, declaredType);
  if (!check.ok) throw fieldProblem('logo', check.problem);
  await deps.db.transaction(async (tx) => {
    await upsertLogo(tx, ctx.clinicId, { bytes, type: check.type }, now);
    await recordUserAction(tx, {
      clinicId: ctx.clinicId,
      userId: ctx.userId,
      action: 'branding_saved',
      context: { logo: 'saved', type: check.type, bytes: bytes.length },
    });
  });
  return { message: logoMessages.saved.message, branding: await getBranding(deps, ctx) };
}

export async function removeLogo(deps: Deps, ctx: Caller): Promise<SaveBrandingResponse> {
  requireBrandingPlan(ctx);
  await deps.db.transaction(async (tx) => {
    await upsertLogo(tx, ctx.clinicId, null, new Date());
    await recordUserAction(tx, {
      clinicId: ctx.clinicId,
      userId: ctx.userId,
      action: 'branding_saved',
      context: { logo: 'removed' },
    });
  });
  return { message: logoMessages.removed.message, branding: await getBranding(deps, ctx) };
}

export async function saveBrandColor(
  deps: Deps,
  ctx: Caller,
  body: Record<string, unknown>,
): Promise<SaveBrandingResponse> {
  requireBrandingPlan(ctx);
  const parsed = saveBrandColorSchema.safeParse(body);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? brandColorMessages.format.message;
    const known =
      Object.values(brandColorMessages).find((m) => m.message === message) ?? brandColorMessages.format;
    throw fieldProblem('brandColor', { key: known.key, message });
  }
  const { brandColor } = parsed.data;
  await deps.db.transaction(async (tx) => {
    await upsertBrandColor(tx, ctx.clinicId, brandColor);
    await recordUserAction(tx, {
      clinicId: ctx.clinicId,
      userId: ctx.userId,
      action: 'branding_saved',
      context: { brandColor },
    });
  });
  return { message: brandColorMessages.saved.message, branding: await getBranding(deps, ctx) };
}

/** The logo's bytes and checked type, for the signed-in preview; 404 when none. */
export async function getLogoOf(deps: Deps, ctx: Caller) {
  requireBrandingPlan(ctx);
  const logo = await findLogo(deps.db, ctx.clinicId);
  if (!logo) throw notFound('Logo');
  return logo;
}

/**
 * A clinic's branding on a patient-facing page: nothing (the product's look) when its plan has no
 * custom branding, so a downgraded clinic's saved logo stops showing without being deleted.
 * `logoPath` is where that page may fetch the logo.
 */
export async function publicBrandingOf(
  deps: Deps,
  clinic: { id: string; subscriptionTier: string },
  logoPath: string,
): Promise<PublicBranding> {
  if (!getPlanFeatures(clinic.subscriptionTier).hasCustomBranding) return { color: null, logoUrl: null };
  const row = await findBranding(deps.db, clinic.id);
  return {
    color: row?.brandColor ?? null,
    logoUrl: row?.logoUpdatedAt ? `${logoPath}?v=${row.logoUpdatedAt.getTime()}` : null,
  };
}

/** The logo a patient-facing page shows, under the same plan rule; null when none is shown. */
export async function publicLogoOf(deps: Deps, clinic: { id: string; subscriptionTier: string }) {
  if (!getPlanFeatures(clinic.subscriptionTier).hasCustomBranding) return null;
  return findLogo(deps.db, clinic.id);
}
