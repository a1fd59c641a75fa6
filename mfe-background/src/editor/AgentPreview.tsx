// The editor's Agent Preview side panel (spec 02 §2.4): icon, name, category and description with their
// fallbacks, schedule summary, counts, output format and the five-item checklist.
import { previewChecklist, previewTexts, scheduleSummary, type BackgroundAgentConfig } from '@accent/background-common';
import { OUTPUT_FORMAT_LABELS } from './labels.js';
import styles from './Editor.module.css';

export function AgentPreview({ config }: { config: BackgroundAgentConfig }) {
  const texts = previewTexts(config);
  return (
    <aside className={styles.preview} aria-label="Agent Preview">
      <h2 className={styles.sectionTitle}>Agent Preview</h2>
      <span className={styles.previewIcon} aria-hidden="true">
        {config.icon}
      </span>
      <h3 className={styles.previewName} data-testid="preview-name">
        {texts.name}
      </h3>
      <span className={styles.previewCategory} data-testid="preview-category">
        {texts.category}
      </span>
      <p className={styles.previewText} data-testid="preview-description">
        {texts.description}
      </p>
      <dl className={styles.facts}>
        <dt>Schedule</dt>
        <dd data-testid="preview-schedule">{scheduleSummary(config)}</dd>
        <dt>Data sources</dt>
        <dd data-testid="preview-sources">{config.dataSources.length}</dd>
        <dt>Output format</dt>
        <dd data-testid="preview-format">{OUTPUT_FORMAT_LABELS[config.outputFormat] ?? config.outputFormat}</dd>
        <dt>Delivery channels</dt>
        <dd data-testid="preview-channels">{config.deliveryChannels.length}</dd>
      </dl>
      <ul className={styles.checklist} aria-label="Publish checklist">
        {previewChecklist(config).map((item) => (
          <li key={item.key} className={item.done ? styles.done : styles.missing} data-done={item.done}>
            {item.done ? '✓' : '✗'} {item.label}
          </li>
        ))}
      </ul>
    </aside>
  );
}
