// The folder's list: name, size, type and modified, sortable by each column. Keyboard: ↑/↓ (Home/End) move
// between rows, Enter opens (a folder, or the preview of a file), F2 renames, Delete asks to delete, Space on a
// row's checkbox selects it, and each row's ⋯ menu holds every action.
import type { KeyboardEvent } from 'react';
import { DataTable, Menu, type MenuItem } from '@accent/shared/ui';
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
    <DataTable label="Files">
      <thead>
        <tr>
          <th scope="col" className={styles.checkCell}>
            {selected && (
              <input type="checkbox" aria-label="Select all" checked={allSelected} onChange={onToggleAll} disabled={entries.length === 0} />
            )}
          </th>
          {COLUMNS.map((c) => (
            <th key={c.key} scope="col" aria-sort={sort.key === c.key ? sort.direction : 'none'}>
              <button type="button" className={styles.sortButton} onClick={() => onSort(c.key)}>
                {c.label}
                <span aria-hidden="true">{sort.key === c.key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
              </button>
            </th>
          ))}
          <th scope="col">
            <span className={styles.visuallyHidden}>Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, index) => {
          const actions = actionsFor(entry);
          return (
            <tr key={entry.path || entry.name} data-testid="file-row" aria-selected={selected?.has(entry.path) ?? undefined}>
              <td className={styles.checkCell}>
                {selected && <input type="checkbox" aria-label={`Select ${entry.name}`} checked={selected.has(entry.path)} onChange={() => onToggle(entry.path)} />}
              </td>
              <td>
                <button type="button" data-row-name className={styles.nameButton} onClick={() => onOpen(entry)} onKeyDown={(e) => onRowKey(e, index, entry)}>
                  <span aria-hidden="true">{entry.kind === 'folder' ? '📁 ' : '📄 '}</span>
                  {entry.name}
                </button>
              </td>
              <td>{entry.size === null ? '—' : formatSize(entry.size)}</td>
              <td>{typeLabel(entry)}</td>
              <td>{formatModified(entry.modified)}</td>
              <td className={styles.actionsCell}>
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
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
