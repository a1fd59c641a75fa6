// @accent/shared/ui: the design tokens and React components shared by the shell and the remotes
// (docs/shared-client-ui-contract.md).
import './tokens.css';

export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button.js';
export { IconButton, type IconButtonProps } from './IconButton.js';
export { Field, type FieldControlProps } from './Field.js';
export { TextField, type TextFieldProps } from './TextField.js';
export { TextArea, type TextAreaProps } from './TextArea.js';
export { Select, type SelectProps, type SelectOption } from './Select.js';
export { Checkbox, type CheckboxProps } from './Checkbox.js';
export { Modal, type ModalProps, type ModalSize } from './Modal.js';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';
export {
  useConfirmDelete,
  ConfirmDeleteDialog,
  type ConfirmDelete,
  type ConfirmDeleteOptions,
  type ConfirmDeleteDialogProps,
} from './ConfirmDelete.js';
export { FormDialog, type FormDialogProps } from './FormDialog.js';
export { Menu, type MenuProps, type MenuItem, type MenuTriggerProps } from './Menu.js';
export { ActionsMenu, type ActionsMenuProps } from './ActionsMenu.js';
export { Tabs, tabPanelProps, type TabsProps, type TabItem } from './Tabs.js';
export { Spinner, type SpinnerProps } from './Spinner.js';
export { LoadingState, type LoadingStateProps } from './LoadingState.js';
export { EmptyState, type EmptyStateProps } from './EmptyState.js';
export { ErrorState, type ErrorStateProps } from './ErrorState.js';
export {
  FormSection,
  FormGrid,
  FormRow,
  ParamList,
  ParamListRow,
  FormHint,
  type FormSectionProps,
  type FormGridProps,
  type ParamListProps,
  type ParamListRowProps,
} from './FormSection.js';
export {
  Page,
  PageHeader,
  PageSection,
  PageToolbar,
  FilterMenu,
  Notice,
  TextLink,
  BackLink,
  type BackLinkProps,
  SearchField,
  CardGrid,
  GridCard,
  StatusBadge,
  type PageProps,
  type PageWidth,
  type PageHeaderProps,
  type PageSectionProps,
  type FilterMenuProps,
  type NoticeProps,
  type NoticeTone,
  type SearchFieldProps,
  type CardGridProps,
  type GridCardProps,
  type StatusBadgeProps,
  type StatusTone,
} from './Page.js';
export {
  ACTIONS_COLUMN,
  DataTable,
  Cell,
  SortHeader,
  TableMessageRow,
  type DataTableColumn,
  type DataTableProps,
  type CellProps,
  type CellKind,
  type SortHeaderProps,
  type SortDirection,
  type TableMessageRowProps,
} from './DataTable.js';
export {
  RunStatusBadge,
  RunListPanel,
  RunList,
  RunDetail,
  RunFacts,
  RunSection,
  RunBlock,
  RunText,
  RUN_STATE_TONES,
  RUN_STATE_LABELS,
  runStateTone,
  type RunState,
  type RunStatusBadgeProps,
  type RunListPanelProps,
  type RunFact,
  type MaybeRunFact,
  type RunTextProps,
} from './Runs.js';
export { KpiGrid, Kpi, kpiColumns, type KpiGridProps, type KpiProps } from './KpiGrid.js';
export { ToastHost } from './ToastHost.js';
export { RemoteBoundary, describeLoadError, isLoadFailure, type RemoteBoundaryProps } from './RemoteBoundary.js';
export { AreaUnavailable, type AreaUnavailableProps } from './AreaUnavailable.js';
export { LoginForm, SECOND_STEP_TEXTS, type LoginFormProps } from './LoginForm.js';
export { saveFile } from './saveFile.js';
export { usePendingSaveGuard, type PendingSaveGuardOptions } from './usePendingSaveGuard.js';
export {
  useQuery,
  useMutation,
  invalidateQueries,
  type QueryKey,
  type QueryState,
  type QueryResult,
  type QueryOptions,
  type MutationOptions,
  type MutationResult,
} from './useQuery.js';
export { AreaStore, inAreaStore } from './AreaStore.js';
export { createAreaEnvironment, type AreaEnvironment } from './AreaEnvironment.js';
export { StandaloneFrame, type StandaloneFrameProps } from './StandaloneFrame.js';
export {
  VersionFieldsTable,
  VersionTextDiff,
  sideBySide,
  type VersionFieldsTableProps,
  type VersionTextDiffProps,
  type VersionFieldChange,
  type VersionTextChange,
  type SideBySideRow,
} from './VersionDiff.js';
export { useVersionHistory, type VersionHistory, type VersionHistoryOptions, type VersionPair } from './useVersionHistory.js';
export {
  SavedVersionsTable,
  VersionPickers,
  VersionsLoadState,
  type SavedVersion,
  type SavedVersionsTableProps,
  type VersionPickersProps,
  type VersionsLoadStateProps,
} from './VersionHistory.js';
export {
  VersionCompare,
  RestoreVersionDialog,
  versionOptions,
  VERSION_TEXTS,
  type VersionCompareProps,
  type RestoreVersionDialogProps,
} from './VersionCompare.js';
export { versionFieldChanges, versionTextChanges, versionValueText } from './versionChanges.js';
export { useDiscardChanges, DISCARD_CHANGES_TEXTS, type DiscardChanges, type DiscardChangesOptions } from './DiscardChanges.js';
export { useEditorDraft, EDITOR_DRAFT_TEXTS, type EditorDraft, type EditorDraftOptions } from './EditorDraft.js';
