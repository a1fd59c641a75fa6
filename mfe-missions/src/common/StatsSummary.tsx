import type { AgentMissionStats } from '@accent/missions-common';
import { Kpi, KpiGrid } from '@accent/shared/ui';
import { formatRate } from './format.js';
import styles from './StatsSummary.module.css';

/** The agent mission stats (spec 01 §3) as four figures. */
export function StatsSummary({ stats, label }: { stats: AgentMissionStats; label: string }) {
  return (
    <section className={styles.summary} aria-label={label}>
      <h2 className={styles.title}>{label}</h2>
      <KpiGrid>
        <Kpi label="Missions" value={String(stats.totalMissions)} />
        <Kpi label="Active" value={String(stats.activeMissions)} />
        <Kpi label="Executions" value={String(stats.totalExecutions)} />
        {/* no runs yet: no rate, rather than 0% */}
        <Kpi label="Average success rate" value={stats.averageSuccessRate === null ? '—' : formatRate(stats.averageSuccessRate)} />
      </KpiGrid>
    </section>
  );
}
