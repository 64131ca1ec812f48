import type { AppErrorCode } from '../../shared/errors.ts';

/** Who may call a procedure. The identity issue adds signed-in and permission rules. */
export type AccessRule = 'public';

/**
 * What every procedure declares about itself, read by tests and generated docs:
 * its access rule, and for contract-declared operations the catalogue errors it may
 * raise and whether it is still a placeholder.
 */
export interface OperationMeta {
  access?: AccessRule;
  operation?: {
    name: string;
    summary: string;
    errors: readonly AppErrorCode[];
    placeholder: boolean;
  };
}
