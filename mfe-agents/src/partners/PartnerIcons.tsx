import type { PartnerIconKey } from '@accent/agents-common';
import salesforceLogo from './salesforce.svg';
import hubspotLogo from './hubspot.svg';
import { PARTNER_LABELS, partnerEmoji } from './partnerIcons.js';
import styles from './PartnerIcons.module.css';

const LOGOS: Partial<Record<PartnerIconKey, string>> = { salesforce: salesforceLogo, hubspot: hubspotLogo };

export function PartnerIcon({ partner }: { partner: PartnerIconKey }) {
  const label = PARTNER_LABELS[partner];
  const logo = LOGOS[partner];
  return (
    <span className={styles.icon} title={label} data-partner={partner}>
      {logo ? (
        <img src={logo} alt={label} width={16} height={16} />
      ) : (
        <span role="img" aria-label={label}>
          {partnerEmoji(partner)}
        </span>
      )}
    </span>
  );
}

export function PartnerIcons({ partners, label = 'Integrations' }: { partners: readonly PartnerIconKey[]; label?: string }) {
  if (partners.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={label}>
      {partners.map((p) => (
        <li key={p}>
          <PartnerIcon partner={p} />
        </li>
      ))}
    </ul>
  );
}
