// "Sources" under a finished answer: what the knowledge base search handed the model (file and page or
// section), read from the run's trace once the run is recorded. Nothing is shown when it used none.
import { useEffect, useId, useState } from 'react';
import { useAgentsEnv } from '../state/AgentsDataContext.js';
import { runSources, SOURCES_TITLE } from './sources.js';
import styles from './Runs.module.css';

export function RunSources({ runId }: { runId: string }) {
  const { api } = useAgentsEnv();
  const [sources, setSources] = useState<string[]>([]);
  const headingId = useId();

  useEffect(() => {
    let live = true;
    setSources([]);
    api.getRun(runId).then(
      (run) => live && setSources(runSources(run)),
      // the answer stands without its sources: a failed read only leaves them out
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, runId]);

  if (sources.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={styles.sources}>
      <h4 id={headingId} className={styles.sourcesTitle}>
        {SOURCES_TITLE}
      </h4>
      <ul>
        {sources.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </section>
  );
}
