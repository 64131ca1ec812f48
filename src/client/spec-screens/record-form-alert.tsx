import type { ClientError } from '../errors/to-client-error.ts';
import { FormAlert } from '../components/form/form-alert.tsx';
import { Button } from '../components/ui/button.tsx';

/**
 * [2] A record form's error above its fields; when the record changed since it was read
 * (STALE_VERSION), with "Reload" to fetch the new version. The edit form and the event
 * dialog share it.
 */
export function RecordFormAlert({
  error,
  onReload,
}: {
  error: ClientError | null;
  onReload?: (() => void) | undefined;
}) {
  if (!error) return null;
  return (
    <FormAlert error={error}>
      {error.code === 'STALE_VERSION' && onReload ? (
        <Button type="button" variant="outline" size="sm" className="mt-2" onClick={onReload}>
          Reload
        </Button>
      ) : null}
    </FormAlert>
  );
}
