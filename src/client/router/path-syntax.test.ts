import { describe, expect, it } from 'vitest';
import { toRouterPath } from './path-syntax.ts';

describe('toRouterPath', () => {
  it("writes the table's :name segments as TanStack Router's $name", () => {
    expect(toRouterPath('/mailbox/:id')).toBe('/mailbox/$id');
    expect(toRouterPath('/a/:one/b/:two')).toBe('/a/$one/b/$two');
    expect(toRouterPath('/mailbox/templates')).toBe('/mailbox/templates');
    expect(toRouterPath('/')).toBe('/');
  });
});
