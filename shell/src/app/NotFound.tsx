// Not Found: the standalone page for unknown paths, and the same message inside an area.
import { Link } from 'react-router';
import { Logo } from '../layout/Logo.js';
import frame from '../layout/Standalone.module.css';
import styles from './NotFound.module.css';

export const NOT_FOUND_TITLE = 'Page not found';

export function NotFoundContent({ detail = 'There is nothing at this address. It may have moved, or the link may be wrong.' }: { detail?: string }) {
  return (
    <div className={styles.content}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{NOT_FOUND_TITLE}</h1>
      <p className={styles.detail}>{detail}</p>
      <Link to="/" className={styles.home}>
        Go to home
      </Link>
    </div>
  );
}

export default function NotFoundPage() {
  return (
    <div className={`${frame.page} ${styles.page}`}>
      <header className={frame.header}>
        <Link to="/" className={frame.brand}>
          <Logo />
        </Link>
      </header>
      <main className={styles.main}>
        <NotFoundContent />
      </main>
    </div>
  );
}
