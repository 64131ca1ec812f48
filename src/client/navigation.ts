/**
 * The primary navigation, in order. `Link` checks each `to` against the route
 * table in routes.tsx at compile time.
 */
export const navigation = [
  { to: '/', label: 'Home' },
  { to: '/records', label: 'Records' },
  { to: '/status', label: 'Status' },
] as const;
