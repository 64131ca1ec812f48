import { z } from 'zod';

/**
 * zod's default messages ("Too big: expected number to be <=365") in the product's
 * words ("Must be 365 or less."). Installed once through zod's global error map, so
 * the client's forms and the server's field errors say the same thing; a message a
 * schema gives itself (`.min(1, 'Required')`) still wins over these.
 *
 * Imported for its effect by common.schema.ts, which every feature's schema imports.
 */

type RawIssue = z.core.$ZodRawIssue;

const formatNames: Record<string, string> = {
  email: 'Enter a valid e-mail address.',
  url: 'Enter a full address starting with https://.',
  uuid: 'This is not a valid identifier.',
  date: 'Enter a date as YYYY-MM-DD.',
  datetime: 'Enter a date and a time.',
  time: 'Enter a time as HH:MM.',
  regex: 'This is not in the expected form.',
};

const typeNames: Record<string, string> = {
  number: 'Enter a number.',
  int: 'Enter a whole number.',
  bigint: 'Enter a whole number.',
  date: 'Enter a valid date.',
  boolean: 'Choose yes or no.',
  array: 'Choose from the list.',
};

/** Readable bound: dates as calendar days, numbers as they are. */
function bound(value: unknown, origin?: string): string {
  if (origin === 'date') return new Date(Number(value)).toISOString().slice(0, 10);
  return String(value);
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function tooBig(issue: Extract<RawIssue, { code: 'too_big' }>): string {
  const max = Number(issue.maximum);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      return `At most ${plural(inclusive ? max : max - 1, 'character', 'characters')}.`;
    case 'array':
    case 'set':
      return `Choose at most ${inclusive ? max : max - 1}.`;
    case 'date':
      return inclusive
        ? `Must be on ${bound(issue.maximum, issue.origin)} or before.`
        : `Must be before ${bound(issue.maximum, issue.origin)}.`;
    case 'file':
      return 'This file is too large.';
    default:
      return inclusive
        ? `Must be ${bound(issue.maximum, issue.origin)} or less.`
        : `Must be less than ${bound(issue.maximum, issue.origin)}.`;
  }
}

function tooSmall(issue: Extract<RawIssue, { code: 'too_small' }>): string {
  const min = Number(issue.minimum);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (min <= 1 && inclusive) return 'Required.';
      return `At least ${plural(inclusive ? min : min + 1, 'character', 'characters')}.`;
    case 'array':
    case 'set':
      return min <= 1 && inclusive ? 'Choose at least one.' : `Choose at least ${inclusive ? min : min + 1}.`;
    case 'date':
      return inclusive
        ? `Must be on ${bound(issue.minimum, issue.origin)} or after.`
        : `Must be after ${bound(issue.minimum, issue.origin)}.`;
    default:
      return inclusive
        ? `Must be ${bound(issue.minimum, issue.origin)} or more.`
        : `Must be more than ${bound(issue.minimum, issue.origin)}.`;
  }
}

/** The product's message for one issue; undefined leaves zod's (never reached for the codes below). */
export function productMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return 'Required.';
      return typeNames[issue.expected] ?? 'This value is not of the expected kind.';
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return formatNames[issue.format] ?? 'This is not in the expected form.';
    case 'not_multiple_of':
      return `Must be a multiple of ${bound(issue.divisor)}.`;
    case 'unrecognized_keys':
      return 'This form has fields the server does not know. Reload the page and try again.';
    case 'invalid_union':
    case 'invalid_value':
      return 'Choose one of the options.';
    case 'invalid_key':
    case 'invalid_element':
      return 'One of the entries is not valid.';
    case 'custom':
      return 'This value is not valid.';
    default:
      return undefined;
  }
}

z.config({ customError: productMessage });
