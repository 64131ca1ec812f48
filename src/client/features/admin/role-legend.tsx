import { roleDescriptions } from '../../../shared/permission-descriptions.ts';
import { roleNames } from '../../../shared/permissions.ts';

/**
 * What each role in the picker means: the foundation's admin and member, then the
 * specification's roles (spec/roles.ts) with the words their spec gives them.
 */
export function RoleLegend() {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">What each role may do</summary>
      <dl className="mt-2 grid gap-x-4 gap-y-1 max-sm:[&_dd]:mb-2 sm:grid-cols-[max-content_1fr]">
        {roleNames.map((role) => (
          <div key={role} className="contents">
            <dt className="font-medium">{role}</dt>
            <dd className="text-muted-foreground">{roleDescriptions[role]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
