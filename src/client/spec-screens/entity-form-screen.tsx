import { Card, CardContent } from '../components/ui/card.tsx';
import { NoPermission } from '../components/no-permission.tsx';
import { notices } from '../notifications/notices.ts';
import { recordTitle } from './cell-format.ts';
import { EntityForm } from './entity-form.tsx';
import { mayDo } from './screen-access.ts';
import { routeOf } from './screen-routes.ts';
import { useSpecNavigate } from './spec-link.tsx';
import type { ScreenEntity } from './spec-entities.ts';
import { holdsOf, SpecScreenFrame } from './spec-screen-frame.tsx';
import type { SpecScreen } from './spec-screen.ts';

/**
 * [2] A form screen: a new record of the entity. Saved, it opens the record's detail
 * screen (or the list, when the spec has no detail screen).
 */
export function EntityFormScreen({ screen, entity }: { screen: SpecScreen; entity: ScreenEntity }) {
  const navigate = useSpecNavigate();
  const detail = routeOf(entity.meta.name, 'detail');
  const list = routeOf(entity.meta.name, 'list');
  return (
    <SpecScreenFrame screen={screen}>
      {(viewer) =>
        entity.operations.includes('create') && mayDo(entity.meta, 'create', holdsOf(viewer)) ? (
          <Card className="max-w-2xl">
            <CardContent>
              <EntityForm
                meta={entity.meta}
                record={null}
                onSaved={(record) => {
                  notices.success(`${entity.meta.label} created`, recordTitle(entity.meta, record));
                  if (detail) navigate({ to: detail, params: { id: record.id }, replace: true });
                  else if (list) navigate({ to: list, replace: true });
                }}
                onCancel={
                  list
                    ? () => {
                        navigate({ to: list });
                      }
                    : undefined
                }
              />
            </CardContent>
          </Card>
        ) : (
          <NoPermission />
        )
      }
    </SpecScreenFrame>
  );
}
