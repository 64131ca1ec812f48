import { useId } from 'react';
import { QueryError } from '../../components/query-error.tsx';
import { RevokeButton } from '../../components/revoke-button.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useAnnouncement } from '../../components/use-announcement.tsx';
import { formatDateTime } from '../../format.ts';
import { trpc } from '../../trpc.ts';

/** `admin.apiKeys.list`: what each key may do and when it was last used; never the key itself. */
export function ApiKeysTable({ onRevoked }: { onRevoked: (id: string) => void }) {
  const captionId = useId();
  const keys = trpc.admin.apiKeys.list.useQuery();
  const utils = trpc.useUtils();
  const { announce, region } = useAnnouncement();
  const revoke = trpc.admin.apiKeys.revoke.useMutation({
    onSuccess: () => utils.admin.apiKeys.list.invalidate(),
  });

  if (keys.isPending) return <p role="status">Loading API keys…</p>;
  if (keys.error)
    return <QueryError title="Could not load the API keys" error={keys.error} onRetry={() => void keys.refetch()} />;

  return (
    <>
      {keys.data.length === 0 ? (
        <p>No API keys yet.</p>
      ) : (
        <TableScroll captionId={captionId}>
          <table className="table">
            <caption id={captionId}>API keys, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Starts with</th>
                <th scope="col">Permissions</th>
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => {
                const name = key.name ?? 'Unnamed key';
                return (
                  <tr key={key.id}>
                    <th scope="row" className="wrap">
                      {name}
                    </th>
                    <td>{key.start ? <code>{key.start}…</code> : 'Unknown'}</td>
                    <td>
                      <ul className="plain-list">
                        {key.permissions.map((permission) => (
                          <li key={permission}>
                            <code>{permission}</code>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td>{formatDateTime(key.createdAt)}</td>
                    <td>{formatDateTime(key.expiresAt)}</td>
                    <td>{formatDateTime(key.lastUsedAt)}</td>
                    <td>
                      <RevokeButton
                        label={`Revoke the key ${name}`}
                        busy={revoke.isPending}
                        onRevoke={() => {
                          revoke.mutate(
                            { id: key.id },
                            {
                              onSuccess: () => {
                                announce(`The key ${name} is revoked: scripts using it are refused.`, { focus: true });
                                onRevoked(key.id);
                              },
                            },
                          );
                        }}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      {region}
    </>
  );
}
