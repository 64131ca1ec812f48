import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { callerAs } from '../../test/test-app.ts';

const failing = defineJob('test.failing', z.object({}), async () => undefined);

describe('the jobs procedures', () => {
  it('let an admin list failed jobs and queue one again with fresh attempts; a member is refused', async () => {
    const admin = await callerAs('admin');
    const member = await callerAs('member', admin.services);
    const db = admin.services.db;
    const id = await enqueue(db, failing, {});
    await db.backgroundJob.update({ where: { id }, data: { status: 'failed', attempts: 4, lastError: 'refused' } });
    const done = await enqueue(db, failing, {});
    await db.backgroundJob.update({ where: { id: done }, data: { status: 'succeeded', attempts: 1 } });

    await expect(member.caller.jobs.list({})).rejects.toMatchObject({ cause: { code: 'FORBIDDEN' } });
    await expect(member.caller.jobs.retry({ jobId: id })).rejects.toMatchObject({ cause: { code: 'FORBIDDEN' } });

    const failed = await admin.caller.jobs.list({ status: 'failed' });
    expect(failed.items.map((job) => [job.id, job.lastError])).toEqual([[id, 'refused']]);
    const retried = await admin.caller.jobs.retry({ jobId: id });
    expect(retried).toMatchObject({ id, status: 'queued', attempts: 0 });
    // Only a failed job: a second retry, a succeeded job and an unknown id are refused.
    await expect(admin.caller.jobs.retry({ jobId: id })).rejects.toMatchObject({ cause: { code: 'CONFLICT' } });
    await expect(admin.caller.jobs.retry({ jobId: done })).rejects.toMatchObject({ cause: { code: 'CONFLICT' } });
    await expect(admin.caller.jobs.retry({ jobId: 'no-such-job' })).rejects.toMatchObject({
      cause: { code: 'NOT_FOUND' },
    });
  });
});
