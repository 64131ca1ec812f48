import { useId, useState } from 'react';
import { limits } from '../../../shared/constants.ts';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { SearchForm } from '../../components/search-form.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useAnnouncement } from '../../components/use-announcement.tsx';
import { trpc } from '../../trpc.ts';
import { viewerCan, type Viewer } from '../../viewer/use-viewer.ts';
import { UserRow } from './user-row.tsx';

/** `admin.users.list`, newest first, a page at a time, with a search by name or e-mail. */
export function UsersPanel({ viewer }: { viewer: Viewer }) {
  const searchId = useId();
  const captionId = useId();
  const [search, setSearch] = useState('');
  const { announce, region } = useAnnouncement();
  const users = trpc.admin.users.list.useInfiniteQuery(
    { ...(search ? { search } : {}), limit: limits.page.defaultSize },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const canUpdate = viewerCan(viewer, 'update:users:any');
  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <SearchForm
        label="Users"
        onSearch={({ search: typed }) => {
          setSearch(typeof typed === 'string' ? typed.trim() : '');
        }}
      >
        <label htmlFor={searchId} className="field-label">
          Search by name or e-mail
        </label>
        <div className="cell-controls">
          <input id={searchId} name="search" type="search" className="field-input" maxLength={limits.text.short} />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </SearchForm>

      {users.isPending ? (
        <p role="status">Loading users…</p>
      ) : users.error ? (
        <QueryError title="Could not load the users" error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <>
          {rows.length === 0 ? <p>{search ? `No user matches “${search}”.` : 'No users yet.'}</p> : null}
          <TableScroll captionId={captionId}>
            <table className="table">
              <caption id={captionId}>{search ? `Users matching “${search}”` : 'All users, newest first'}</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Status</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Role</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    isSelf={user.id === viewer.id}
                    canUpdate={canUpdate}
                    onChanged={announce}
                  />
                ))}
              </tbody>
            </table>
          </TableScroll>
          <LoadMoreButton query={users}>Show more users</LoadMoreButton>
        </>
      )}
      {region}
    </>
  );
}
