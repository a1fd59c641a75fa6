// Accent Assist: the coming-soon page of spec 02 §2.7.
import { useNavigate } from 'react-router';
import { Button, CardGrid } from '@accent/shared/ui';
import { ArrowLeftIcon, CheckIcon, ChatIcon, ClockIcon } from '../app/icons.js';
import { showAlertSoon } from '../app/alert.js';
import { Page } from '../app/Page.js';
import tiles from '../layout/Tiles.module.css';
import styles from './AccentAssistPage.module.css';

export const NOTIFY_ME_MESSAGE = "Thank you for your interest in Accent Assist! We'll notify you as soon as it is available.";

export const ASSIST_FEATURES = [
  { title: 'Lead qualification', text: 'Asks the right questions and qualifies every visitor as they arrive.' },
  { title: 'Product recommendations', text: 'Suggests the products and plans that fit what the visitor needs.' },
  { title: 'Contact capture', text: 'Collects contact details and writes them to your CRM.' },
  { title: 'Hand-off to sales reps', text: 'Routes warm leads to the right rep with the full conversation attached.' },
] as const;

export type MilestoneStatus = 'completed' | 'in-progress' | 'planned';

export const ASSIST_TIMELINE: { title: string; status: MilestoneStatus; label: string }[] = [
  { title: 'Platform Foundation', status: 'completed', label: 'Completed' },
  { title: 'Backend Development', status: 'in-progress', label: 'In progress' },
  { title: 'Launch Q2 2024', status: 'planned', label: 'Planned' },
];

export default function AccentAssistPage() {
  const navigate = useNavigate();

  const exploreOtherFeatures = () => {
    console.log('Accent Assist: explore other features');
    navigate('/deploy');
  };

  return (
    <Page
      width="narrow"
      title={
        <span className={styles.titleRow}>
          Accent Assist <span className={styles.badge}>Coming Soon</span>
        </span>
      }
      description="An AI sales and marketing assistant that qualifies leads, recommends products, captures contacts and hands off to your sales reps."
      before={
        <Button variant="ghost" size="sm" onClick={() => navigate('/home')}>
          <ArrowLeftIcon size={16} /> Back to Home
        </Button>
      }
    >
      <div className={styles.hero}>
        <span className={styles.heroIcon}>
          <ChatIcon size={32} />
        </span>
        <div>
          <h2 className={styles.heroTitle}>We are building Accent Assist</h2>
          <p className={styles.heroText}>It is not available yet. Here is what it will do and where we are.</p>
        </div>
      </div>

      <section aria-labelledby="assist-features" className={styles.block}>
        <h2 id="assist-features" className={styles.blockTitle}>
          What it will do
        </h2>
        <CardGrid label="What it will do">
          {ASSIST_FEATURES.map((f) => (
            <li key={f.title} className={`${tiles.tile} ${styles.feature}`}>
              <CheckIcon size={18} />
              <div>
                <strong>{f.title}</strong>
                <p className={tiles.text}>{f.text}</p>
              </div>
            </li>
          ))}
        </CardGrid>
      </section>

      <section aria-labelledby="assist-timeline" className={styles.block}>
        <h2 id="assist-timeline" className={styles.blockTitle}>
          Timeline
        </h2>
        <ol className={styles.timeline}>
          {ASSIST_TIMELINE.map((m) => (
            <li key={m.title} className={`${styles.milestone} ${styles[m.status]}`} data-status={m.status}>
              <span className={styles.dot} aria-hidden="true">
                {m.status === 'completed' ? <CheckIcon size={14} /> : m.status === 'in-progress' ? <ClockIcon size={14} /> : null}
              </span>
              <span className={styles.milestoneTitle}>{m.title}</span> <span className={styles.milestoneStatus}>{m.label}</span>
            </li>
          ))}
        </ol>
      </section>

      <div className={styles.actions}>
        <Button onClick={() => showAlertSoon(NOTIFY_ME_MESSAGE)}>Notify Me</Button>
        <Button variant="secondary" onClick={exploreOtherFeatures}>
          Explore Other Features
        </Button>
      </div>
    </Page>
  );
}
