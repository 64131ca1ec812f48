import { useId, useState } from 'react';
import { useFocusOnMount } from '../../use-focus-on-mount.ts';
import type { CreatedApiKey } from './create-api-key-form.tsx';

/**
 * The one time a key's secret is visible: the server keeps only its hash. Focus
 * moves to the read-only field, so the key can be copied at once, with or
 * without the button (which needs the clipboard permission).
 */
export function NewKeyNotice({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  const fieldId = useId();
  const warningId = useId();
  const field = useFocusOnMount<HTMLInputElement>();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  return (
    <section className="panel panel-warning" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`}>Key “{apiKey.name}” is ready</h2>
      <p id={warningId}>
        <strong>Copy it now: it will not be shown again.</strong> Keep it where your scripts read secrets; anyone who
        has it can act with its permissions.
      </p>
      <label htmlFor={fieldId} className="field-label">
        Your new API key
      </label>
      <div className="cell-controls">
        <input
          id={fieldId}
          ref={field}
          className="field-input field-code"
          readOnly
          value={apiKey.key}
          aria-describedby={warningId}
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
        <button
          type="button"
          className="button"
          onClick={() => {
            // Chained, so a browser without a clipboard (plain http) lands in the failure branch too.
            Promise.resolve()
              .then(() => navigator.clipboard.writeText(apiKey.key))
              .then(
                () => {
                  setCopied('yes');
                },
                () => {
                  setCopied('failed');
                },
              );
          }}
        >
          Copy
        </button>
      </div>
      <p role="status" className="form-status">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'The browser did not allow copying: select the key and copy it yourself.'
            : null}
      </p>
      <button type="button" className="button button-quiet" onClick={onDone}>
        I have copied it
      </button>
    </section>
  );
}
