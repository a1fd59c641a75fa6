// The frame of the signed-out pages beside /login (forgot password, reset, sign-in code): the same
// centred card, logo and way back as the login page.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../layout/Logo.js';
import styles from './LoginPage.module.css';

export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/landing" className={styles.brand}>
          <Logo />
        </Link>
      </header>
      <main className={styles.main}>
        <div className={styles.card}>
          <h1 className={styles.title}>{title}</h1>
          {lead && <p className={styles.lead}>{lead}</p>}
          {children}
        </div>
        <p className={styles.back}>
          <Link to="/login">← Back to sign in</Link>
        </p>
      </main>
    </div>
  );
}
