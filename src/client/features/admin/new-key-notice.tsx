import { CopyIcon, KeyRoundIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { notices } from '../../notifications/notices.ts';
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
  const [copyFailed, setCopyFailed] = useState(false);

  return (
    <Card className="border-warning/60 bg-warning/5" role="region" aria-labelledby={`${fieldId}-title`}>
      <CardHeader>
        <CardTitle>
          <h2 id={`${fieldId}-title`} className="flex items-center gap-2 text-base font-semibold">
            <KeyRoundIcon aria-hidden="true" className="size-4" />
            Key “{apiKey.name}” is ready
          </h2>
        </CardTitle>
        <CardDescription id={warningId}>
          <strong className="text-foreground">Copy it now: it will not be shown again.</strong> Keep it where your
          scripts read secrets; anyone who has it can act with its permissions.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor={fieldId}>Your new API key</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={fieldId}
            ref={field}
            className="font-mono"
            readOnly
            value={apiKey.key}
            aria-describedby={warningId}
            onFocus={(event) => {
              event.currentTarget.select();
            }}
          />
          <Button
            type="button"
            onClick={() => {
              // Chained, so a browser without a clipboard (plain http) lands in the failure branch too.
              Promise.resolve()
                .then(() => navigator.clipboard.writeText(apiKey.key))
                .then(
                  () => {
                    setCopyFailed(false);
                    notices.success('Copied to the clipboard');
                  },
                  () => {
                    setCopyFailed(true);
                  },
                );
            }}
          >
            <CopyIcon aria-hidden="true" />
            Copy
          </Button>
        </div>
        <p role="status" className="text-sm text-destructive">
          {copyFailed ? 'The browser did not allow copying: select the key and copy it yourself.' : null}
        </p>
      </CardContent>
      <CardFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          I have copied it
        </Button>
      </CardFooter>
    </Card>
  );
}
