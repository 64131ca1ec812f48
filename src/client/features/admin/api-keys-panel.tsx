import { useState } from 'react';
import { ApiKeysTable } from './api-keys-table.tsx';
import { CreateApiKeyForm, type CreatedApiKey } from './create-api-key-form.tsx';
import { NewKeyNotice } from './new-key-notice.tsx';

/**
 * Creating, showing once, listing and revoking keys. The new key lives only in
 * this component's state: leaving the screen forgets it, as the server has.
 */
export function ApiKeysPanel() {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      {created ? (
        <NewKeyNotice
          key={created.id}
          apiKey={created}
          onDone={() => {
            setCreated(null);
          }}
        />
      ) : null}
      <CreateApiKeyForm onCreated={setCreated} />
      <section aria-labelledby="api-keys-title" className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <h2 id="api-keys-title" className="text-lg font-semibold">
          Existing keys
        </h2>
        <ApiKeysTable
          onRevoked={(id) => {
            if (created?.id === id) setCreated(null);
          }}
        />
      </section>
    </div>
  );
}
