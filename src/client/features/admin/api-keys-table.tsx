import { useRef } from 'react';
import { permissionDescriptions } from '../../../shared/permission-descriptions.ts';
import { isPermission } from '../../../shared/permissions.ts';
import { DateTime } from '../../components/date-time.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RevokeButton } from '../../components/revoke-button.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { notices } from '../../notifications/notices.ts';
import { trpc } from '../../trpc.ts';

/** `admin.apiKeys.list`: what each key may do and when it was last used; never the key itself. */
export function ApiKeysTable({ onRevoked }: { onRevoked: (id: string) => void }) {
  const region = useRef<HTMLDivElement>(null);
  const empty = useRef<HTMLParagraphElement>(null);
  const keys = trpc.admin.apiKeys.list.useQuery();
  const utils = trpc.useUtils();
  const revoke = trpc.admin.apiKeys.revoke.useMutation({
    onSuccess: () => utils.admin.apiKeys.list.invalidate(),
  });

  if (keys.isPending) return <TableSkeleton label="Loading API keys…" />;
  if (keys.error)
    return <QueryError title="Could not load the API keys" error={keys.error} onRetry={() => void keys.refetch()} />;

  if (keys.data.length === 0)
    return (
      // Focus lands here when the last key was revoked.
      <p
        ref={empty}
        tabIndex={-1}
        className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground outline-none"
      >
        No API keys yet.
      </p>
    );

  return (
    <TableScroll caption="API keys, newest first" hideCaption regionRef={region}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Name</TableHead>
          <TableHead scope="col">Starts with</TableHead>
          <TableHead scope="col">Permissions</TableHead>
          <TableHead scope="col">Expires</TableHead>
          <TableHead scope="col">Last used</TableHead>
          <TableHead scope="col">Created</TableHead>
          <TableHead scope="col">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {keys.data.map((key) => {
          const name = key.name ?? 'Unnamed key';
          return (
            <TableRow key={key.id}>
              <TableHead scope="row" className="font-medium">
                <span className="block max-w-48 truncate" title={name}>
                  {name}
                </span>
              </TableHead>
              <TableCell>{key.start ? <code className="font-mono text-xs">{key.start}…</code> : 'Unknown'}</TableCell>
              <TableCell className="whitespace-normal">
                <ul className="grid min-w-64 gap-1">
                  {key.permissions.map((permission) => (
                    <li key={permission}>
                      <code className="font-mono text-xs">{permission}</code>
                      {isPermission(permission) ? (
                        <span className="block text-xs text-muted-foreground">
                          {permissionDescriptions[permission]}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </TableCell>
              <TableCell>
                <DateTime value={key.expiresAt} />
              </TableCell>
              <TableCell>
                <DateTime value={key.lastUsedAt} relative />
              </TableCell>
              <TableCell>
                <DateTime value={key.createdAt} />
              </TableCell>
              <TableCell className="text-right">
                <RevokeButton
                  label={`Revoke the key ${name}`}
                  title={`Revoke the key “${name}”?`}
                  description="Scripts using it are refused from now on. A revoked key cannot be restored: make a new one if you need it again."
                  fallbackFocus={keys.data.length > 1 ? region : empty}
                  onRevoke={async () => {
                    await revoke.mutateAsync({ id: key.id });
                    notices.success(`Key “${name}” revoked`, 'Scripts using it are refused.');
                    onRevoked(key.id);
                  }}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </TableScroll>
  );
}
