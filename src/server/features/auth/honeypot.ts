import type { InnerContext } from '../../trpc/context.ts';

/**
 * Whether a bot filled the honeypot of a public form (`website`, hidden from
 * people). The caller then answers as it would for a person and does nothing;
 * the log at info lets an operator see bots being turned away.
 */
export function caughtByHoneypot(ctx: Pick<InnerContext, 'log'>, procedure: string, website: string | undefined) {
  if (!website) return false;
  ctx.log.info({ procedure, honeypot: true }, 'honeypot field filled: answered as usual, nothing done');
  return true;
}
