/**
 * How deeply a JSON input may nest. Real inputs nest a few levels; a payload of
 * 10,000 nested arrays overflows the stack of the code that walks it (the
 * transformer, the validators) and would be a 500, so it is refused first.
 */
export const MAX_INPUT_DEPTH = 64;

/**
 * Whether JSON text nests deeper than `max` arrays and objects, read in one pass
 * without parsing (strings, and brackets inside them, are skipped).
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 92 /* \ */) index += 1;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 91 /* [ */ || char === 123 /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 93 /* ] */ || char === 125 /* } */) depth -= 1;
  }
  return false;
}
