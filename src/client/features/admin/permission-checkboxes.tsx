import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { permissionDescriptions } from '../../../shared/permission-descriptions.ts';
import { apiKeyPermissions, type Permission } from '../../../shared/permissions.ts';
import type { createApiKeyInputSchema } from '../../../shared/schemas/admin.schema.ts';
import type { ZodForm } from '../../components/form/use-zod-form.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';

/**
 * The key's permissions: a checkbox each, named by its string (what scripts and the
 * server's answers say) and described in words beside it. The group's hint and error are
 * read with it, as the form kit's fields do.
 */
export function PermissionCheckboxes({ form }: { form: ZodForm<typeof createApiKeyInputSchema> }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Controller
      control={form.control}
      name="permissions"
      render={({ field, fieldState }) => {
        const chosen: readonly string[] = field.value;
        const toggle = (permission: Permission, on: boolean) => {
          field.onChange(on ? [...chosen, permission] : chosen.filter((value) => value !== permission));
        };
        return (
          <fieldset
            className="grid gap-2"
            aria-describedby={[hintId, fieldState.error ? errorId : null].filter(Boolean).join(' ')}
          >
            <legend className="mb-1 text-sm font-medium">Permissions</legend>
            <p id={hintId} className="text-sm text-muted-foreground">
              The key can do only these, and never more than your own role allows.
            </p>
            <div className="grid grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-2">
              {apiKeyPermissions.map((permission, index) => {
                const checkboxId = `${id}-${permission}`;
                return (
                  <div
                    key={permission}
                    className="flex items-start gap-3 rounded-md border p-3 has-data-[state=checked]:border-primary has-data-[state=checked]:bg-primary/5"
                  >
                    <Checkbox
                      id={checkboxId}
                      // The first box takes focus when the group's error is shown.
                      ref={index === 0 ? field.ref : undefined}
                      checked={chosen.includes(permission)}
                      aria-describedby={`${checkboxId}-description`}
                      aria-invalid={fieldState.error ? true : undefined}
                      onCheckedChange={(checked) => {
                        toggle(permission, checked === true);
                      }}
                      onBlur={field.onBlur}
                      className="mt-0.5"
                    />
                    <div className="grid min-w-0 gap-1">
                      <label htmlFor={checkboxId} className="font-mono text-xs font-medium break-all">
                        {permission}
                      </label>
                      <p id={`${checkboxId}-description`} className="m-0 text-sm text-muted-foreground">
                        {permissionDescriptions[permission]}
                      </p>
                    </div>
                  </div>
                );
              })}
            </div>
            {fieldState.error?.message ? (
              <p id={errorId} className="text-sm text-destructive">
                {fieldState.error.message}
              </p>
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}
