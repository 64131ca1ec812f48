import { Link } from '../router/router.tsx';
import { product } from '../../shared/product.ts';
import { useDocumentTitle } from '../use-document-title.ts';

/** The landing screen. It says plainly that the product's own screens are not built yet. */
export function HomeScreen() {
  useDocumentTitle('Home');
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">{product.name}</h1>
      <p className="lead">{product.description}</p>
      <div className="panel">
        <h2>The screens are waiting for the specification</h2>
        <p>
          This application runs on a complete foundation: server, database, typed calls between browser and server, and
          the screens around them. Its own screens will appear here once the product’s specification says what they are.
        </p>
        <p>
          <Link to="/status">See the system status</Link> to check that the server and its database are answering.
        </p>
      </div>
    </section>
  );
}
