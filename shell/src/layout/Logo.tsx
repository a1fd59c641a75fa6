// The product logo: an image, replaced by the text "Accent" when the image cannot be loaded (spec 01 §2).
import { useState } from 'react';
import logoUrl from './logo.svg';
import markUrl from './logo-mark.svg';
import styles from './Logo.module.css';

export const LOGO_FALLBACK_TEXT = 'Accent';

export interface LogoProps {
  /** 'full' = mark and wordmark; 'mark' = the square mark only (collapsed sidebar). */
  variant?: 'full' | 'mark';
  className?: string;
}

export function Logo({ variant = 'full', className }: LogoProps) {
  const [failed, setFailed] = useState(false);
  const cls = [styles.logo, variant === 'mark' ? styles.mark : styles.full, className].filter(Boolean).join(' ');
  if (failed) {
    return (
      <span className={`${cls} ${styles.fallback}`} data-testid="logo-fallback">
        {LOGO_FALLBACK_TEXT}
      </span>
    );
  }
  return <img className={cls} src={variant === 'mark' ? markUrl : logoUrl} alt={LOGO_FALLBACK_TEXT} onError={() => setFailed(true)} />;
}
