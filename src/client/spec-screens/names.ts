/** 'WorkOrder' → 'workOrder': an entity's router and its Prisma delegate. */
export function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}
