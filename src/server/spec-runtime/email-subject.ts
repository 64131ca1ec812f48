/** The subject of a spec e-mail with each `{key}` replaced by its value ('' when empty). */
export function fillSubject(subject: string, data: object): string {
  const values = data as Record<string, string | null | undefined>;
  return subject.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}
