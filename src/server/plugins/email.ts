import fp from 'fastify-plugin';
import { outboxStatuses } from '../../shared/schemas/mailbox.schema.ts';
import type { Config } from '../config.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import { messageIdDomainOf, senderOf } from '../email/sender.ts';
import type { EmailPort } from '../email/email-port.ts';
import { createOutboxEmail } from '../email/outbox.ts';
import { createOutboxDispatcher, defineEmailDelivery, type OutboxDispatcher } from '../email/outbox-dispatcher.ts';
import { createLogTransport, createSmtpTransport, describeSmtpError } from '../email/transports.ts';

declare module 'fastify' {
  interface FastifyInstance {
    email: EmailPort;
    outbox: OutboxDispatcher;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Transactional e-mail: the outbox port procedures use, and the delivery job that
 * sends it through the configured transport on the app's job workers (plugins/jobs.ts).
 * Registered after the jobs, so on close it stops them before it closes the transport,
 * and both before the database closes.
 */
export const emailPlugin = fp<{ config: Config; metrics: AppMetrics }>(
  async (app, { config, metrics }) => {
    const transport =
      config.EMAIL_TRANSPORT === 'smtp'
        ? createSmtpTransport(config)
        : createLogTransport(app.log, { showLinks: config.NODE_ENV === 'development' });
    const from = senderOf(config);
    const delivery = {
      transport,
      from,
      maxAttempts: config.EMAIL_MAX_ATTEMPTS,
      retryBaseMs: config.EMAIL_RETRY_BASE_MS,
      retryMaxMs: config.EMAIL_RETRY_MAX_MS,
      sendTimeoutMs: config.EMAIL_SEND_TIMEOUT_MS,
      onAttempt: (outcome: 'sent' | 'retry' | 'failed') => {
        metrics.emailAttempts.inc({ outcome });
      },
    };
    app.jobs.define(defineEmailDelivery(delivery));
    const dispatcher = createOutboxDispatcher(
      {
        ...delivery,
        db: app.db,
        log: app.log.child({ source: 'outbox' }),
        retentionMs: config.EMAIL_RETENTION_DAYS * DAY_MS,
      },
      { runDue: (names) => app.jobs.runDue(names) },
    );
    metrics.onScrape('email_outbox_messages', 'E-mails in the outbox by status', ['status'], async (gauge) => {
      const counts = await app.db.emailOutbox.groupBy({ by: ['status'], _count: { _all: true } });
      gauge.reset();
      for (const status of outboxStatuses) {
        gauge.set({ status }, counts.find((count) => count.status === status)?._count._all ?? 0);
      }
    });
    app.decorate('outbox', dispatcher);
    app.decorate('email', createOutboxEmail({ db: app.db, messageIdDomain: messageIdDomainOf(config) }));

    if (config.EMAIL_TRANSPORT === 'log' && config.NODE_ENV === 'production') {
      app.log.warn('EMAIL_TRANSPORT=log: e-mails are kept in the outbox and not sent; set EMAIL_TRANSPORT=smtp');
    }
    app.addHook('onReady', async () => {
      // Checked in the background: an SMTP server that is down at start-up delays
      // e-mail (the outbox retries), not the app.
      transport.verify().then(
        () => {
          app.log.info({ transport: transport.name }, 'e-mail transport ready');
        },
        (error: unknown) => {
          app.log.error(
            { transport: transport.name, error: describeSmtpError(error) },
            'e-mail transport check failed: e-mails stay queued and are retried',
          );
        },
      );
    });
    app.addHook('onClose', async () => {
      // The delivery in flight finishes (or is ended) before its transport closes.
      await app.jobs.stop();
      transport.close();
    });
  },
  { name: 'email', dependencies: ['db', 'jobs'] },
);
