// The folder's list: name, size, type and modified, sortable by each column. Keyboard: ↑/↓ (Home/End) move
// between rows, Enter opens (a folder, or the preview of a file), F2 renames, Delete asks to delete, Space on a
// row's checkbox selects it, and each row's ⋯ menu holds every action.
import type { KeyboardEvent } from 'react';
import { ACTIONS_COLUMN, Cell, DataTable, Menu, type MenuItem } from '@accent/shared/ui';
import { formatModified, formatSize, typeLabel, type FileEntry, type Sort, type SortKey } from './paths.js';
import styles from './Files.module.css';

export interface FileTableProps {
  entries: readonly FileEntry[];
  sort: Sort;
  onSort: (key: SortKey) => void;
  /** null: nothing can be selected (the buckets at the root) */
  selected: ReadonlySet<string> | null;
  onToggle: (path: string) => void;
  onToggleAll: () => void;
  onOpen: (entry: FileEntry) => void;
  actionsFor: (entry: FileEntry) => MenuItem[];
  onRename?: (entry: FileEntry) => void;
  onDelete?: (entry: FileEntry) => void;
}

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'size', label: 'Size' },
  { key: 'type', label: 'Type' },
  { key: 'modified', label: 'Modified' },
];

export function FileTable({ entries, sort, onSort, selected, onToggle, onToggleAll, onOpen, actionsFor, onRename, onDelete }: FileTableProps) {
  const onRowKey = (event: KeyboardEvent<HTMLButtonElement>, index: number, entry: FileEntry) => {
    const rows = event.currentTarget.closest('tbody')?.querySelectorAll<HTMLButtonElement>('[data-row-name]');
    if (!rows) return;
    const focusRow = (i: number) => {
      event.preventDefault();
      rows[Math.max(0, Math.min(rows.length - 1, i))]?.focus();
    };
    if (event.key === 'ArrowDown') focusRow(index + 1);
    else if (event.key === 'ArrowUp') focusRow(index - 1);
    else if (event.key === 'Home') focusRow(0);
    else if (event.key === 'End') focusRow(rows.length - 1);
    else if (event.key === 'F2' && onRename) {
      event.preventDefault();
      onRename(entry);
    } else if (event.key === 'Delete' && onDelete) {
      event.preventDefault();
      onDelete(entry);
    }
  };
  const allSelected = selected !== null && entries.length > 0 && entries.every((e) => selected.has(e.path));

  return (
    <DataTable
      label="Files"
      columns={[
        {
          key: 'select',
          label: selected && (
            <input type="checkbox" aria-label="Select all" checked={allSelected} onChange={onToggleAll} disabled={entries.length === 0} />
          ),
          width: '2.5rem',
        },
        ...COLUMNS.map((c) => ({
          label: c.label,
          sort: { direction: sort.key === c.key ? sort.direction : undefined, onSort: () => onSort(c.key) },
        })),
        { ...ACTIONS_COLUMN, width: '3rem' },
      ]}
    >
      {entries.map((entry, index) => {
        const actions = actionsFor(entry);
        return (
          <tr key={entry.path || entry.name} data-testid="file-row" aria-selected={selected?.has(entry.path) ?? undefined}>
            <td>
              {selected && (
                <input type="checkbox" aria-label={`Select ${entry.name}`} checked={selected.has(entry.path)} onChange={() => onToggle(entry.path)} />
              )}
            </td>
            <td>
              <button
                type="button"
                data-row-name
                className={styles.nameButton}
                onClick={() => onOpen(entry)}
                onKeyDown={(e) => onRowKey(e, index, entry)}
              >
                <span aria-hidden="true">{entry.kind === 'folder' ? '📁 ' : '📄 '}</span>
                {entry.name}
              </button>
            </td>
            <td>{entry.size === null ? '—' : formatSize(entry.size)}</td>
            <td>{typeLabel(entry)}</td>
            <td>{formatModified(entry.modified)}</td>
            <Cell kind="actions">
              {actions.length > 0 && (
                <Menu
                  label={`Actions for ${entry.name}`}
                  items={actions}
                  trigger={(props) => (
                    <button {...props} type="button" className={styles.menuButton} aria-label={`Actions for ${entry.name}`}>
                      ⋯
                    </button>
                  )}
                />
              )}
            </Cell>
          </tr>
        );
      })}
    </DataTable>
  );
}
