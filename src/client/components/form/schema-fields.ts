import { z } from 'zod';

/** The schema under optional, nullable and default wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return unwrap(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodDefault) return unwrap(schema.unwrap() as z.ZodType);
  return schema;
}

/**
 * The schema of one field, by the path forms and the server's `fieldErrors` use
 * (`name`, `address.city`, `items.0.name`), or undefined when the form has no such field.
 */
export function fieldSchemaAt(schema: z.ZodType, path: string): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const key of path.split('.')) {
    const node: z.ZodType = unwrap(current);
    if (node instanceof z.ZodObject)
      current = Object.hasOwn(node.shape, key) ? (node.shape[key] as z.ZodType) : undefined;
    else if (node instanceof z.ZodArray && /^\d+$/.test(key)) current = node.element as z.ZodType;
    else current = undefined;
    if (!current) return undefined;
  }
  return current;
}

/**
 * What an input can say about a text field's rule: its maximum length (the browser
 * then stops typing there) and whether it is required. The schema stays the judge.
 */
export function textRulesOf(schema: z.ZodType, path: string): { maxLength?: number; required: boolean } {
  const field = fieldSchemaAt(schema, path);
  const node = field && unwrap(field);
  if (!field || !(node instanceof z.ZodString)) return { required: false };
  return {
    ...(node.maxLength === null ? {} : { maxLength: node.maxLength }),
    // An empty input sends '', so "required" means a minimum length, not presence.
    required: !field.safeParse(undefined).success && (node.minLength ?? 0) > 0,
  };
}
