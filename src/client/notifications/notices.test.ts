import { afterEach, describe, expect, it } from 'vitest';
import { attachNoticeSink, notices, type Notice } from './notices.ts';

describe('notices', () => {
  let detach: (() => void) | undefined;
  afterEach(() => detach?.());

  it('keeps notices raised before the toaster loads and hands them over in order', () => {
    notices.success('Password changed.');
    notices.error('Could not save.', { reference: 'req-1' });
    const seen: Notice[] = [];
    detach = attachNoticeSink((notice) => seen.push(notice));
    expect(seen).toEqual([
      { kind: 'success', title: 'Password changed.' },
      { kind: 'error', title: 'Could not save.', reference: 'req-1' },
    ]);
  });

  it('sends later notices straight to the toaster, and queues again once it is gone', () => {
    const seen: Notice[] = [];
    detach = attachNoticeSink((notice) => seen.push(notice));
    notices.info('Link sent.', 'Check your inbox.');
    expect(seen).toEqual([{ kind: 'info', title: 'Link sent.', description: 'Check your inbox.' }]);
    detach();
    notices.success('Saved.');
    expect(seen).toHaveLength(1);
    const later: Notice[] = [];
    detach = attachNoticeSink((notice) => later.push(notice));
    expect(later).toEqual([{ kind: 'success', title: 'Saved.' }]);
  });
});
