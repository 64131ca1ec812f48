/** The jobs screen's filter as it stands in the address (`/admin/jobs?status=failed`); none is all jobs. */
export interface JobsSearch {
  status?: 'queued' | 'running' | 'succeeded' | 'failed';
}

// jobStatuses (shared/schemas/jobs.schema.ts), written out: the route table ships in the first chunk, without zod.
const statuses: readonly string[] = ['queued', 'running', 'succeeded', 'failed'] satisfies JobsSearch['status'][];

/** `validateSearch` for /admin/jobs: anything but a known status is dropped, so a mangled address shows all jobs. */
export function jobsSearch(search: Record<string, unknown>): JobsSearch {
  const { status } = search;
  return typeof status === 'string' && statuses.includes(status) ? { status: status as JobsSearch['status'] } : {};
}
