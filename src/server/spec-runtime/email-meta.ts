/**
 * [7] A transactional e-mail of spec/calls.ts, resolved: which event sends it, to whom
 * (a path to an e-mail field, or to a user whose address is used), its subject, and the
 * values its body shows, each formatted for people when it is queued
 * (src/server/spec-runtime/spec-emails.ts). src/server/generated/emails.ts holds them.
 */
export interface EmailMeta {
  /** The spec's name, and the template's kebab-case name in the outbox. */
  readonly name: string;
  readonly template: string;
  readonly description: string;
  readonly entity: string;
  readonly event: string;
  /** Relations from the record, then the e-mail field; a path ending at a user ends with 'email'. */
  readonly to: readonly string[];
  /** The subject with `{key}` placeholders, keys as in `data`. */
  readonly subject: string;
  readonly data: readonly EmailValueMeta[];
}

/** One value an e-mail shows: where it is read, and how it is written out. */
export interface EmailValueMeta {
  /** The data's key: 'vehicle.plate' → 'vehiclePlate'. */
  readonly key: string;
  /** Relations from the record, then the column. */
  readonly path: readonly string[];
  readonly label: string;
  readonly format:
    | { readonly kind: 'text' }
    | { readonly kind: 'money'; readonly currency: string }
    | { readonly kind: 'date' }
    | { readonly kind: 'dateTime'; readonly zone: string }
    | { readonly kind: 'boolean' }
    | { readonly kind: 'enum' };
}
