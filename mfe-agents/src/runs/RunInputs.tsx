// The inputs of a test run, as the editor's Test Agent dialog and the /agent-test page both ask for them:
// a query (Ctrl/Cmd+Enter runs it), the parameter rows, an optional notice above and the form's own
// controls below; and the request such a test sends (a new thread, no history, no trace).
import type { ReactNode } from 'react';
import type { AgentRunRequest } from '@accent/agents-common';
import { Notice, TextArea } from '@accent/shared/ui';
import { ParamRows, paramsFromRows, type ParamRow } from './ParamRows.js';
import styles from './RunForm.module.css';

export interface RunInputsProps {
  query: string;
  onQueryChange(query: string): void;
  rows: ParamRow[];
  onRowsChange(rows: ParamRow[]): void;
  running: boolean;
  onRun(): void;
  /** a line above the query (unsaved changes, a configuration that could not be read in full) */
  notice?: { text: string; role: 'note' | 'status' } | null;
  /** the query takes the focus when its dialog opens */
  autoFocus?: boolean;
  /** the form's buttons, when they are not in a dialog's footer */
  children?: ReactNode;
}

export function RunInputs({ query, onQueryChange, rows, onRowsChange, running, onRun, notice, autoFocus, children }: RunInputsProps) {
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (!running) onRun();
      }}
    >
      {notice && (
        <Notice tone="warning" role={notice.role}>
          {notice.text}
        </Notice>
      )}
      <TextArea
        label="Query"
        rows={3}
        value={query}
        onChange={(e) => onQueryChange(e.target.value)}
        disabled={running}
        data-autofocus={autoFocus || undefined}
        placeholder="The request for the agent: steps use it as {{query}}, or as their prompt when they have none"
        onKeyDown={(e) => {
          // Ctrl/Cmd+Enter runs it from the keyboard
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !running) {
            e.preventDefault();
            onRun();
          }
        }}
      />
      <ParamRows rows={rows} onChange={onRowsChange} disabled={running} />
      {children && <div className={styles.actions}>{children}</div>}
    </form>
  );
}

export interface TestRunInputs {
  name: string;
  query: string;
  rows: ParamRow[];
  threadId: string;
  maxHistoryItems: number;
  fileName: string;
  source: AgentRunRequest['source'];
}

/** A test run: its own new thread, without history or trace, so it leaves no conversation behind. */
export const testRunRequest = ({ name, query, rows, threadId, maxHistoryItems, fileName, source }: TestRunInputs): AgentRunRequest => ({
  name,
  query,
  params: paramsFromRows(rows),
  thread_id: threadId,
  namespace: 'default',
  trace: false,
  use_history: false,
  save_history: false,
  max_history_items: maxHistoryItems,
  file_name: fileName,
  source,
});
