import { z } from 'zod';

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) as zod writes it. */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of what travels in a call's `json` field: zod's own
 * `z.toJSONSchema`, with the types superjson carries in JSON. A Date travels as its
 * ISO 8601 string (the answer's `meta` tags its path `["Date"]`); `undefined` (a
 * mutation that answers nothing) as `null`.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    // A recursive schema would need $defs that OpenAPI resolves against the whole document.
    cycles: 'throw',
    reused: 'inline',
    override: ({ zodSchema, jsonSchema }) => {
      const type = zodSchema._zod.def.type;
      if (type === 'date') {
        jsonSchema.type = 'string';
        jsonSchema.format = 'date-time';
        if (io === 'input')
          jsonSchema.description = 'A Date: its ISO 8601 string, tagged ["Date"] at its path in `meta`.';
      } else if (type === 'void' || type === 'undefined') {
        jsonSchema.type = 'null';
      }
    },
  }) as JsonSchema;
  delete converted.$schema;
  return converted;
}

/** Whether a call may leave its input out: the schema accepts `undefined`. */
export function inputIsOptional(schema: z.ZodType): boolean {
  try {
    return schema.safeParse(undefined).success;
  } catch {
    // An asynchronous refinement: it runs on a value, so one must be sent.
    return false;
  }
}
