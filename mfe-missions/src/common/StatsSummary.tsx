import type { AgentMissionStats } from '@accent/missions-common';
import { formatRate } from './format.js';
import styles from './StatsSummary.module.css';

/** The agent mission stats (spec 01 §3) as four figures. */
export function StatsSummary({ stats, label }: { stats: AgentMissionStats; label: string }) {
  const items = [
    { term: 'Missions', value: String(stats.totalMissions) },
    { term: 'Active', value: String(stats.activeMissions) },
    { term: 'Executions', value: String(stats.totalExecutions) },
    // no runs yet: no rate, rather than 0%
    { term: 'Average success rate', value: stats.averageSuccessRate === null ? '—' : formatRate(stats.averageSuccessRate) },
  ];
  return (
    <section className={styles.summary} aria-label={label}>
      <h2 className={styles.title}>{label}</h2>
      <dl className={styles.stats}>
        {items.map((item) => (
          <div key={item.term} className={styles.stat}>
            <dt className={styles.term}>{item.term}</dt>
            <dd className={styles.value}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
