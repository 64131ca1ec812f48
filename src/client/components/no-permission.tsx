/**
 * What a signed-in person sees on a screen their role does not allow: from the
 * permission check before any call, or from a FORBIDDEN answer (the role changed
 * meanwhile), with its reference. Never the data.
 */
export function NoPermission({ requestId = null }: { requestId?: string | null }) {
  return (
    <div className="panel panel-error">
      <h2>You do not have permission</h2>
      <p>Your account cannot open this page. If you need it, ask an administrator.</p>
      {requestId ? (
        <p className="notice-reference">
          Reference: <code>{requestId}</code>
        </p>
      ) : null}
    </div>
  );
}
