import type { AppErrorCode } from '../../shared/errors.ts';
import type { Permission } from '../../shared/permissions.ts';

/**
 * Who may call a procedure: anyone, any signed-in caller, or a caller holding a
 * permission (src/shared/permissions.ts), optionally only a signed-in person
 * (`via: 'session'`: no API key). Every procedure declares one; the base
 * procedures in init.ts are the only way to build a procedure, and a test walks the
 * router to prove none lacks it.
 */
export type AccessRule = 'public' | 'signed-in' | { permission: Permission; switch?: AccessSwitch; via?: 'session' };

/**
 * A configuration setting that changes a permission rule at run time: `open` lets
 * anyone call, `off` answers NOT_FOUND to everyone, any other setting applies the
 * permission. The mailbox is the one today (`mailboxAccess` in config.ts): open in
 * development, admins only in production.
 */
export type AccessSwitch = 'MAILBOX';

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
