import { brandColorMessages, brandColorSchema } from '@careloop/domain/branding/brand-color';
import { logoImageTypes, logoMessages, maxLogoBytes } from '@careloop/domain/branding/logo-image';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { ApiError } from '../../lib/api-client';

/** What the file picker offers; the server decides by the file's bytes, not by this. */
export const logoAccept = logoImageTypes.join(',');

/** A problem the browser can see before sending: the size or a type that cannot be a logo. */
export function logoFileProblem(file: { size: number; type: string }): DomainMessage | null {
  if (file.size === 0) return logoMessages.empty;
  if (file.size > maxLogoBytes) return logoMessages.size;
  if (file.type && !(logoImageTypes as readonly string[]).includes(file.type)) return logoMessages.type;
  return null;
}

/** A colour as typed: null (none) when empty, else the saved form or the problem. */
export function checkBrandColor(
  value: string,
): { ok: true; color: string | null } | { ok: false; problem: DomainMessage } {
  if (value.trim() === '') return { ok: true, color: null };
  const parsed = brandColorSchema.safeParse(value);
  if (parsed.success) return { ok: true, color: parsed.data };
  const message = parsed.error.issues[0]?.message;
  return {
    ok: false,
    problem:
      Object.values(brandColorMessages).find((m) => m.message === message) ?? brandColorMessages.format,
  };
}

/** The server's refusal as the domain message its details name, when it names one. */
export function refusalMessage(error: unknown): DomainMessage | null {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return null;
  const detail = error.details[0] as { key?: unknown; message?: unknown } | undefined;
  return typeof detail?.key === 'string' && typeof detail.message === 'string'
    ? { key: detail.key, message: detail.message }
    : null;
}
