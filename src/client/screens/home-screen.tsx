import { product } from '../../shared/product.ts';
import { buttonClasses } from '../components/first-paint-button.ts';
import { Link } from '../router/router.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

const foundation = [
  { title: 'Server and database', text: 'Fastify and Prisma, with migrations, health checks and metrics.' },
  { title: 'Typed calls', text: 'tRPC end to end: the browser and the server share one set of rules.' },
  { title: 'Accounts and access', text: 'Sign-up, sign-in, sessions, roles, API keys and an admin area.' },
];

/** The landing screen, in the first chunk (so kept light). It says plainly that the product's own screens are not built yet. */
export function HomeScreen() {
  useDocumentTitle('Home');
  return (
    <section aria-labelledby="home-title" className="flex flex-col gap-10">
      <header className="flex flex-col gap-4 pt-2 sm:pt-6">
        <h1 id="home-title" className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {product.name}
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{product.description}</p>
      </header>
      <div className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <h2 className="text-xl font-semibold tracking-tight">The screens are waiting for the specification</h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          This application runs on a complete foundation: server, database, typed calls between browser and server, and
          the screens around them. Its own screens will appear here once the product’s specification says what they are.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {foundation.map(({ title, text }) => (
            <li key={title} className="rounded-lg border bg-background p-4">
              <h3 className="text-sm font-medium">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-6">
          <Link to="/status" className={buttonClasses({ variant: 'outline' })}>
            See the system status
          </Link>
        </div>
      </div>
    </section>
  );
}
