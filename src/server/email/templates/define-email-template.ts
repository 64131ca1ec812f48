import type { ReactElement } from 'react';

/** One transactional e-mail: its subject, its body, and the data the gallery shows it with. */
export interface EmailTemplateDefinition<Name extends string, Data> {
  name: Name;
  /** One line for the template gallery. */
  description: string;
  subject: (data: Data) => string;
  Component: (props: Data) => ReactElement;
  /** Realistic data the gallery and snapshot tests render. */
  fixture: Data;
}

/**
 * Identity at run time; it exists so that each template file states its name and data
 * type once and the compiler checks the subject, component and fixture against them.
 */
export function defineEmailTemplate<const Name extends string, Data>(
  definition: EmailTemplateDefinition<Name, Data>,
): EmailTemplateDefinition<Name, Data> {
  return definition;
}
