import { product } from '../../shared/product.ts';
import { publicUrl, type Config } from '../config.ts';

/** The From address: EMAIL_FROM, or the product at the public host (enough for EMAIL_TRANSPORT=log). */
export function senderOf(config: Config): string {
  return config.EMAIL_FROM ?? `${product.name} <no-reply@${publicUrl(config).hostname}>`;
}

/** Message-IDs are made in the sender's domain. */
export function messageIdDomainOf(config: Config): string {
  return /@([^>\s]+)>?$/.exec(senderOf(config))?.[1] ?? 'localhost';
}
