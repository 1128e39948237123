import { type AppLanguage, languageFor } from '@careloop/domain/clinic-locale';
import type { ClinicContext } from './request-context';

type Reader = {
  user: Pick<ClinicContext['user'], 'language'>;
  clinic: Pick<ClinicContext['clinic'], 'defaultLanguage'>;
};

/** The language a signed-in caller reads the app in: their own, else their clinic's. */
export function readerLanguage(ctx: Reader): AppLanguage {
  return languageFor(ctx.user.language, ctx.clinic.defaultLanguage);
}
