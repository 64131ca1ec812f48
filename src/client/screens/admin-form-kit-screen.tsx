import { useId } from 'react';
import { formKitSchema, formKitZone } from '../../shared/schemas/form-kit.schema.ts';
import { CheckboxGroup } from '../components/form/checkbox-group.tsx';
import { DateField } from '../components/form/date-field.tsx';
import { DateTimeField } from '../components/form/date-time-field.tsx';
import { FormAlert } from '../components/form/form-alert.tsx';
import { MoneyField } from '../components/form/money-field.tsx';
import { NumberField } from '../components/form/number-field.tsx';
import { SelectField } from '../components/form/select-field.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { TextField } from '../components/form/text-field.tsx';
import { TextareaField } from '../components/form/textarea-field.tsx';
import { useFormSubmit } from '../components/form/use-form-submit.ts';
import { useZodForm } from '../components/form/use-zod-form.ts';
import { GuardedScreen } from '../components/guarded-screen.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { notices } from '../notifications/notices.ts';
import { trpc } from '../trpc.ts';

const planOptions = [
  { value: 'basic', label: 'Basic' },
  { value: 'team', label: 'Team' },
  { value: 'enterprise', label: 'Enterprise' },
];

const channelOptions = [
  { value: 'email', label: 'E-mail' },
  { value: 'sms', label: 'Text message' },
  { value: 'push', label: 'Push notification' },
];

/**
 * Every field of the form kit against one shared schema (form-kit.schema.ts), for
 * developers and the e2e suite. Submitting sends nothing: it shows what the schema
 * parsed (money in cents, the meeting as a UTC instant). Needs `read:users:any`, as
 * the owner list is the users.
 */
export function AdminFormKitScreen() {
  return (
    <GuardedScreen title="Form kit" permission="read:users:any">
      {() => <FormKitExample />}
    </GuardedScreen>
  );
}

function FormKitExample() {
  const formHeadingId = useId();
  const resultHeadingId = useId();
  const form = useZodForm(formKitSchema, {
    defaultValues: {
      name: '',
      email: '',
      password: '',
      notes: '',
      channels: [],
      price: '',
      startsOn: '',
      meetingAt: '',
    },
  });
  // Related records for the owner select: the first page of users is plenty for an example.
  const users = trpc.admin.users.list.useQuery({});
  const ownerOptions = (users.data?.items ?? []).map((user) => ({
    value: user.id,
    label: `${user.name} (${user.email})`,
  }));
  const { onSubmit, formError, result, isSubmitting } = useFormSubmit(form, async (values) => {
    notices.success('The form is valid', 'Its parsed value is shown below the form.');
    return Promise.resolve(values);
  });

  return (
    <div className="grid max-w-2xl grid-cols-[minmax(0,1fr)] gap-8">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id={formHeadingId} className="my-0 text-base font-semibold">
              Every kind of field
            </h2>
          </CardTitle>
          <CardDescription className="my-0">
            One schema checks this form here and would check it on the server. Nothing is saved.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            aria-labelledby={formHeadingId}
            onSubmit={onSubmit}
            className="grid grid-cols-[minmax(0,1fr)] gap-5"
          >
            {formError ? <FormAlert error={formError} /> : null}
            <TextField form={form} name="name" label="Name" autoComplete="off" />
            <TextField form={form} name="email" label="E-mail address" type="email" autoComplete="off" />
            <TextField
              form={form}
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="A passphrase of a few words is best."
            />
            <TextareaField form={form} name="notes" label="Notes" hint="Optional." />
            <SelectField form={form} name="plan" label="Plan" options={planOptions} />
            <SelectField
              form={form}
              name="ownerId"
              label="Owner"
              hint="One of the users."
              options={ownerOptions}
              loading={users.isPending}
            />
            <CheckboxGroup
              form={form}
              name="channels"
              legend="Channels"
              hint="How the owner hears about changes."
              options={channelOptions}
            />
            <NumberField form={form} name="seats" label="Seats" min={1} max={500} hint="From 1 to 500." />
            <MoneyField form={form} name="price" label="Price" currency="EUR" hint="For example 12.34 or 1,234.50." />
            <DateField form={form} name="startsOn" label="Starts on" />
            <DateTimeField form={form} name="meetingAt" label="Kick-off meeting" zone={formKitZone} />
            <div>
              <SubmitButton busy={isSubmitting}>Check the form</SubmitButton>
            </div>
          </form>
        </CardContent>
      </Card>
      {result ? (
        <Card>
          <section aria-labelledby={resultHeadingId} className="grid gap-3 px-6">
            <h2 id={resultHeadingId} className="my-0 text-base font-semibold">
              Parsed value
            </h2>
            <p className="my-0 text-sm text-muted-foreground">Money in cents, the meeting as an instant in UTC.</p>
            <pre className="my-0 rounded-md bg-muted p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
              <code>{JSON.stringify(result, null, 2)}</code>
            </pre>
          </section>
        </Card>
      ) : null}
    </div>
  );
}
