// The frame of the signed-out pages (the login page, and beside it forgot password, reset, sign-in code):
// the centred card under the logo, with a way back below it.
import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../layout/Logo.js';
import styles from './LoginPage.module.css';

export interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** on the card itself (the login page listens to it) */
  cardProps?: HTMLAttributes<HTMLDivElement>;
  /** below the card instead of the way back to sign-in */
  footer?: ReactNode;
}

export function AuthCard({ title, lead, children, cardProps, footer }: AuthCardProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/landing" className={styles.brand}>
          <Logo />
        </Link>
      </header>
      <main className={styles.main}>
        <div {...cardProps} className={styles.card}>
          <h1 className={styles.title}>{title}</h1>
          {lead && <p className={styles.lead}>{lead}</p>}
          {children}
        </div>
        {footer ?? (
          <p className={styles.back}>
            <Link to="/login">← Back to sign in</Link>
          </p>
        )}
      </main>
    </div>
  );
}
