import { PlaceholderScreen } from '../components/placeholder-screen.tsx';
import { NewRecordForm } from '../features/records/new-record-form.tsx';

/**
 * The placeholder domain's screen. It loads nothing: `records.list` would only
 * answer NOT_IMPLEMENTED. The form is real, because its rule (the shared schema)
 * is known; the server then says that creating is not available yet.
 */
export function RecordsScreen() {
  return (
    <PlaceholderScreen title="Records" operations={['records.list', 'records.get', 'records.create']}>
      <section className="panel" aria-labelledby="records-list-title">
        <h2 id="records-list-title">All records</h2>
        <p>The list of records appears here once the specification defines it. Until then nothing is loaded.</p>
      </section>
      <div className="panel">
        <NewRecordForm />
      </div>
    </PlaceholderScreen>
  );
}
