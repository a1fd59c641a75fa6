// The sidebar shell around every protected page. Pages load lazily inside <main>, so the sidebar
// stays while an area loads or fails.
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '@accent/shared/ui';
import { TwoFactorEnrolmentGate } from '../profile/TwoFactorEnrolmentGate.js';
import { Sidebar } from './Sidebar.js';
import styles from './AppLayout.module.css';

export function AppLayout() {
  return (
    <div className={styles.layout}>
      <a className={styles.skip} href="#main-content">
        Skip to content
      </a>
      <TwoFactorEnrolmentGate />
      <Sidebar />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<LoadingState text="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
