import type { ScriptClient } from '../script-client.ts';

/** Prints what the running server says about itself. */
export default async function systemInfo(client: ScriptClient): Promise<void> {
  const info = await client.system.info.query();
  console.log(JSON.stringify(info, null, 2));
}
