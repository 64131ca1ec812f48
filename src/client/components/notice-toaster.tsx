import { useEffect } from 'react';
import { toast } from 'sonner';
import { attachNoticeSink, type Notice } from '../notifications/notices.ts';
import { Toaster } from './ui/sonner.tsx';

/** A notice as a sonner toast. Errors stay until dismissed: people need the time to read them (WCAG 2.2.1). */
function showNotice({ kind, title, description, reference }: Notice): void {
  if (kind === 'error') {
    toast.error(title, {
      description: reference ? (
        <>
          {description ? <span className="block">{description}</span> : null}
          <span className="block">
            Reference: <code className="font-mono">{reference}</code>
          </span>
        </>
      ) : (
        description
      ),
      duration: Infinity,
      closeButton: true,
    });
  } else {
    toast[kind](title, description ? { description } : {});
  }
}

/** The toaster, loaded after first paint (toast-notices.tsx); takes the notices that waited, then each new one. */
export default function NoticeToaster() {
  useEffect(() => attachNoticeSink(showNotice), []);
  return <Toaster position="top-center" closeButton={false} />;
}
