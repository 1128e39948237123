import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { ApiError } from './api-client';
import { apiErrorMessage } from './api-error-message';

const serverMessage = 'A webhook endpoint with this URL already exists';

describe('apiErrorMessage', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('translates by the error code, not the server’s English message', async () => {
    expect(apiErrorMessage(new ApiError(403, 'FORBIDDEN', 'Only owners can do this'))).toBe(
      'You do not have permission to do this.',
    );
    await changeLanguage('es');
    expect(apiErrorMessage(new ApiError(409, 'CONFLICT', serverMessage))).toBe(
      'Esto entra en conflicto con datos existentes. Actualice la página e inténtelo de nuevo.',
    );
    await changeLanguage('tr');
    expect(apiErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe(
      'Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.',
    );
  });

  it('falls back to a translated generic message for an unknown code or a non-API error', async () => {
    await changeLanguage('es');
    expect(apiErrorMessage(new ApiError(418, 'TEAPOT', serverMessage))).toBe(
      'Algo salió mal. Inténtelo de nuevo.',
    );
    expect(apiErrorMessage(new Error('boom'))).toBe('Algo salió mal. Inténtelo de nuevo.');
    // A code that only looks like a key (inherited from Object) is not one.
    expect(apiErrorMessage(new ApiError(400, 'toString', serverMessage))).toBe(
      'Algo salió mal. Inténtelo de nuevo.',
    );
  });
});
