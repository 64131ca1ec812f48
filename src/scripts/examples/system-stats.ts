import type { ScriptClient } from '../script-client.ts';

/**
 * Prints account counts: `system.stats` needs the `read:system:any` permission, so run
 * it with a key an admin created with that scope:
 *   APP_API_KEY=rpc_… npm run script -- system-stats
 */
export default async function systemStats(client: ScriptClient): Promise<void> {
  console.log(JSON.stringify(await client.system.stats.query(), null, 2));
}
