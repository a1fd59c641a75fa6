import styles from './Tooltip.module.css';

/**
 * A visual tooltip for the collapsed sidebar, shown while its parent (position: relative) is hovered
 * or has keyboard focus. aria-hidden: the control's accessible name already says the same, and
 * generated CSS content would be read as part of that name.
 */
export function Tooltip({ text }: { text: string }) {
  return (
    <span className={styles.tooltip} aria-hidden="true" data-tooltip>
      {text}
    </span>
  );
}
