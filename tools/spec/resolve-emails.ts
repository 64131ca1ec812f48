import type { EntityMeta, FieldMeta } from '../../src/shared/spec/entity-meta.ts';
import type { EmailMeta, EmailValueMeta } from '../../src/server/spec-runtime/email-meta.ts';
import { kebab, words } from './resolve-entities.ts';
import { specified, type Spec } from './spec-model.ts';

/** 'vehicle.plate' → 'vehiclePlate'. */
export function dataKey(path: string): string {
  return path.replace(/\.([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function formatOf(field: FieldMeta): EmailValueMeta['format'] {
  switch (field.kind) {
    case 'money':
      return { kind: 'money', currency: field.currency };
    case 'date':
      return { kind: 'date' };
    case 'dateTime':
      return { kind: 'dateTime', zone: field.zone };
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'enum' };
    default:
      return { kind: 'text' };
  }
}

/**
 * A dotted path from `entity` resolved to the fields it crosses: relations are followed;
 * a path ending at a relation ends at the related record's title (or, for a user, its
 * e-mail address when `user` says so, else its name). The validator has checked the names.
 */
function walk(
  entities: readonly EntityMeta[],
  entity: string,
  path: string,
  user: 'email' | 'name',
): { path: string[]; field: FieldMeta | null } {
  const segments = path.split('.');
  const resolved: string[] = [];
  let meta = entities.find((candidate) => candidate.name === entity);
  let field: FieldMeta | null = null;
  for (const segment of segments) {
    if (segment === 'number' || segment === 'state') {
      resolved.push(segment);
      field = null;
      break;
    }
    field = meta?.fields[segment] ?? null;
    resolved.push(segment);
    if (field?.kind !== 'relation') continue;
    if (field.to === 'user') meta = undefined;
    else meta = entities.find((candidate) => candidate.name === (field as { to: string }).to);
  }
  if (field?.kind === 'relation') {
    if (field.to === 'user') resolved.push(user);
    else {
      const target = entities.find((candidate) => candidate.name === (field as { to: string }).to);
      const title = target?.title ?? 'id';
      resolved.push(title);
      field = target?.fields[title] ?? null;
    }
  }
  return { path: resolved, field };
}

/** [7] Every e-mail of spec/calls.ts, resolved against the entities. */
export function resolveEmails(spec: Spec, entities: readonly EntityMeta[]): EmailMeta[] {
  const emails = specified(spec.calls).emails ?? {};
  return Object.entries(emails).map(([name, email]) => {
    const [entity = '', event = ''] = email.on.split('.');
    return {
      name,
      template: kebab(name),
      description: email.description ?? `Sent after “${words(event)}” on a ${words(entity).toLowerCase()}.`,
      entity,
      event,
      to: walk(entities, entity, email.to, 'email').path,
      subject: email.subject.replace(/\{([\w.]+)\}/g, (_, path: string) => `{${dataKey(path)}}`),
      data: email.data.map((path) => {
        const { path: resolved, field } = walk(entities, entity, path, 'name');
        return {
          key: dataKey(path),
          path: resolved,
          label: words(path.split('.').join(' ')),
          format: field ? formatOf(field) : { kind: 'text' },
        };
      }),
    };
  });
}
