import { describeUserAgent } from '../user-agent.ts';

/** A session's browser in words ("Chrome on Linux"); the default export is for `lazy`. */
export default function BrowserName({ userAgent }: { userAgent: string | null }) {
  return <span className="whitespace-nowrap">{describeUserAgent(userAgent)}</span>;
}
