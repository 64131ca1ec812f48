import { APIError } from 'better-auth/api';
import { AppError, type AppErrorCode } from '../../../shared/errors.ts';

/** The auth library's error codes, in the catalogue's terms. */
const byLibraryCode: Record<string, { code: AppErrorCode; field?: string; message?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS' },
  INVALID_PASSWORD: { code: 'INVALID_CREDENTIALS', field: 'currentPassword', message: 'The password is wrong' },
  EMAIL_NOT_VERIFIED: { code: 'EMAIL_NOT_VERIFIED' },
  USER_ALREADY_EXISTS: { code: 'CONFLICT', field: 'email', message: 'An account with this e-mail already exists' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    code: 'CONFLICT',
    field: 'email',
    message: 'An account with this e-mail already exists',
  },
  INVALID_TOKEN: { code: 'INVALID_TOKEN' },
  TOKEN_EXPIRED: { code: 'INVALID_TOKEN' },
  // Raised by the session hook (create-auth.ts), after the password was checked.
  USER_DISABLED: { code: 'ACCOUNT_DISABLED' },
  PASSWORD_TOO_SHORT: { code: 'VALIDATION_FAILED', field: 'password', message: 'Too short' },
  PASSWORD_TOO_LONG: { code: 'VALIDATION_FAILED', field: 'password', message: 'Too long' },
};

/** Runs an auth-library call and turns its failures into catalogue errors. */
export async function viaAuthLibrary<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const code = (error.body as { code?: unknown } | undefined)?.code;
    const libraryCode = typeof code === 'string' ? code : '';
    const mapped = byLibraryCode[libraryCode];
    if (!mapped) {
      if (error.status === 'UNAUTHORIZED') throw new AppError('UNAUTHENTICATED', { cause: error });
      throw new AppError('INTERNAL', { cause: error });
    }
    throw new AppError(mapped.code, {
      cause: error,
      ...(mapped.field && mapped.message ? { fieldErrors: { [mapped.field]: [mapped.message] } } : {}),
    });
  }
}
