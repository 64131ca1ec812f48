import { Badge } from './ui/badge.tsx';
import { cn } from './ui/cn.ts';

type Tone = 'success' | 'warning' | 'destructive' | 'info' | 'neutral';

/** Every state a screen shows as a badge, in the product's words. */
const statuses = {
  active: { label: 'Active', tone: 'success' },
  disabled: { label: 'Disabled', tone: 'destructive' },
  unconfirmed: { label: 'E-mail not confirmed', tone: 'warning' },
  current: { label: 'This device', tone: 'info' },
  you: { label: 'You', tone: 'info' },
  revoked: { label: 'Revoked', tone: 'destructive' },
  expired: { label: 'Expired', tone: 'warning' },
  pending: { label: 'Pending', tone: 'warning' },
  sending: { label: 'Sending', tone: 'info' },
  sent: { label: 'Sent', tone: 'success' },
  kept: { label: 'Kept (log transport)', tone: 'neutral' },
  // A background job's (jobs.schema.ts's jobStatuses); `failed` is shared with e-mails.
  queued: { label: 'Queued', tone: 'neutral' },
  running: { label: 'Running', tone: 'info' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'destructive' },
  retrying: { label: 'Will retry', tone: 'warning' },
  released: { label: 'Released', tone: 'neutral' },
  healthy: { label: 'Healthy', tone: 'success' },
  degraded: { label: 'Degraded', tone: 'destructive' },
  unreachable: { label: 'Unreachable', tone: 'destructive' },
} as const satisfies Record<string, { label: string; tone: Tone }>;

export type Status = keyof typeof statuses;

// Tinted, with the tone's colour as text: the theme's success/warning/destructive tokens
// keep 4.5:1 on the tint in both themes. The word carries the state; colour repeats it.
const tones: Record<Tone, string> = {
  success: 'border-success/30 bg-success/10 text-success',
  warning: 'border-warning/40 bg-warning/10 text-warning',
  destructive: 'border-destructive/30 bg-destructive/10 text-destructive',
  info: 'border-primary/20 bg-primary/5 text-foreground',
  neutral: 'border-border bg-muted text-muted-foreground',
};

export function statusLabel(status: Status): string {
  return statuses[status].label;
}

interface StatusBadgeProps {
  status: Status;
  /** Why, after the state's word ("Failed · Not found"). */
  detail?: string;
  /** The exact cause on hover, e.g. the raw error code. */
  title?: string;
  className?: string;
}

/** A state as a small badge. */
export function StatusBadge({ status, detail, title, className }: StatusBadgeProps) {
  const { label, tone } = statuses[status];
  return (
    <Badge variant="outline" title={title} className={cn(tones[tone], className)}>
      {detail ? `${label} · ${detail}` : label}
    </Badge>
  );
}
