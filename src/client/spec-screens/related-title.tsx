import { Skeleton } from '../components/ui/skeleton.tsx';
import { useViewer } from '../viewer/use-viewer.ts';
import { none, recordTitle } from './cell-format.ts';
import { entityHooks } from './entity-procedures.ts';
import { detailRouteOf } from './screen-routes.ts';
import { SpecLink } from './spec-link.tsx';
import { relatedMeta } from './spec-entities.ts';

/** A related record's title stays for a few minutes: a list names the same customer on many rows. */
const relatedStaleTime = 5 * 60_000;

/**
 * [2] A `one` relation by its related record's title, fetched through `<related>.get`:
 * the rows of a list ask together (tRPC batches the calls of one render into one
 * request) and React Query keeps each answer, so a customer named on twenty rows is
 * fetched once. A record the caller may not read shows its absence, not an error.
 */
export function RelatedTitle({ to, id, link = true }: { to: string; id: string | null; link?: boolean }) {
  const meta = relatedMeta(to);
  if (!id) return <span className="text-muted-foreground">{none}</span>;
  if (!meta) return <PersonName id={id} />;
  return <RecordTitle entity={meta.name} id={id} link={link} />;
}

function RecordTitle({ entity, id, link }: { entity: string; id: string; link: boolean }) {
  const meta = relatedMeta(entity);
  const record = entityHooks(entity).get.useQuery({ id }, { staleTime: relatedStaleTime });
  if (!meta) return null;
  if (record.isPending) return <Skeleton aria-label="Loading…" className="inline-block h-4 w-24 align-middle" />;
  if (!record.data) return <span className="text-muted-foreground">Not available</span>;
  const title = recordTitle(meta, record.data);
  const detail = detailRouteOf(entity);
  return link && detail ? (
    <SpecLink
      to={detail}
      params={{ id }}
      className="text-primary underline underline-offset-4 [overflow-wrap:anywhere]"
    >
      {title}
    </SpecLink>
  ) : (
    <span className="[overflow-wrap:anywhere]">{title}</span>
  );
}

/**
 * A relation to an account: "You" for the caller. The foundation answers other people's
 * names to administrators only (admin.users), so others read as "Someone else" here.
 */
function PersonName({ id }: { id: string }) {
  const viewer = useViewer();
  return <span>{viewer.data?.id === id ? 'You' : 'Someone else'}</span>;
}
