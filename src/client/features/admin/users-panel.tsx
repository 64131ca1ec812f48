import { SearchIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { limits } from '../../../shared/constants.ts';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { SearchForm } from '../../components/search-form.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { TableBody, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { trpc } from '../../trpc.ts';
import { viewerCan, type Viewer } from '../../viewer/use-viewer.ts';
import { RoleLegend } from './role-legend.tsx';
import { UserRow } from './user-row.tsx';

/** `admin.users.list`, newest first, a page at a time, with a search by name or e-mail. */
export function UsersPanel({ viewer }: { viewer: Viewer }) {
  const searchId = useId();
  const [search, setSearch] = useState('');
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
        <div className="grid w-full max-w-sm gap-1.5">
          <Label htmlFor={searchId}>Search by name or e-mail</Label>
          <Input id={searchId} name="search" type="search" maxLength={limits.text.short} />
        </div>
        <Button type="submit" variant="secondary">
          <SearchIcon aria-hidden="true" />
          Search
        </Button>
      </SearchForm>

      {users.isPending ? (
        <TableSkeleton label="Loading users…" rows={5} />
      ) : users.error ? (
        <QueryError title="Could not load the users" error={users.error} onRetry={() => void users.refetch()} />
      ) : rows.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          {search ? `No user matches “${search}”.` : 'No users yet.'}
        </p>
      ) : (
        <>
          <TableScroll caption={search ? `Users matching “${search}”` : 'All users, newest first'}>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">User</TableHead>
                <TableHead scope="col">Status</TableHead>
                <TableHead scope="col">Joined</TableHead>
                <TableHead scope="col">Role</TableHead>
                <TableHead scope="col">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((user) => (
                <UserRow key={user.id} user={user} isSelf={user.id === viewer.id} canUpdate={canUpdate} />
              ))}
            </TableBody>
          </TableScroll>
          <LoadMoreButton query={users}>Show more users</LoadMoreButton>
          <RoleLegend />
        </>
      )}
    </>
  );
}
