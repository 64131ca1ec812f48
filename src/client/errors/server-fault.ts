import { errorCodes, type AppErrorCode } from '../../shared/error-codes.ts';

/**
 * Whether an error is the server's fault (a 5xx answer): only those show a reference
 * to quote to support. A routine answer (a rule, a permission, a wrong password, a
 * limit) carries one too, but a reference there invites a report about nothing.
 * NOT_IMPLEMENTED travels as 501 but is an honest "not built yet", not a fault.
 */
export function isServerFault(code: AppErrorCode): boolean {
  return errorCodes[code].httpStatus >= 500 && code !== 'NOT_IMPLEMENTED';
}
