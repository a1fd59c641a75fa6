// Preview of one file: images and PDFs from a short-lived signed URL (a PDF in the browser's own viewer),
// text as it is, Markdown rendered without running anything it holds. Other types offer the download.
import { Button, ErrorState, LoadingState, Modal, useQuery } from '@accent/shared/ui';
import { errorText, type FilesApi } from './files-api.js';
import { Markdown } from './markdown.js';
import { previewKind, type FileEntry } from './paths.js';
import styles from './Files.module.css';

// Long enough to read the file; a preview is not a share.
const PREVIEW_URL_SECONDS = 5 * 60;
// Text beyond this is cut: a preview, not an editor (the download has it all).
export const PREVIEW_TEXT_BYTES = 1024 * 1024;

export interface PreviewDialogProps {
  api: FilesApi;
  bucket: string;
  entry: FileEntry;
  onDownload: () => void;
  onClose: () => void;
}

/** A blob's text through FileReader, which every browser (and jsdom, which has no Blob.text) provides. */
export function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(blob);
  });
}

type Content = { kind: 'url'; url: string } | { kind: 'text'; text: string; cut: boolean } | { kind: 'none' };

export function PreviewDialog({ api, bucket, entry, onDownload, onClose }: PreviewDialogProps) {
  const kind = previewKind(entry);
  const content = useQuery<Content>(['files-preview', bucket, entry.path, entry.modified], async () => {
    if (kind === 'image' || kind === 'pdf') return { kind: 'url', url: await api.signedUrl(bucket, entry.path, PREVIEW_URL_SECONDS) };
    if (kind === 'text' || kind === 'markdown') {
      const blob = await api.download(bucket, entry.path);
      const cut = blob.size > PREVIEW_TEXT_BYTES;
      return { kind: 'text', text: await readText(cut ? blob.slice(0, PREVIEW_TEXT_BYTES) : blob), cut };
    }
    return { kind: 'none' };
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={entry.name}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onDownload}>
            Download
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <div className={styles.preview} data-testid="preview">
        {content.status === 'loading' && <LoadingState text="Loading the preview…" />}
        {content.status === 'error' && <ErrorState message={`The preview could not be loaded: ${errorText(content.error)}`} onRetry={content.reload} />}
        {content.status === 'ready' && content.data.kind === 'none' && <p className={styles.muted}>There is no preview for this type of file. Download it to open it.</p>}
        {content.status === 'ready' && content.data.kind === 'url' && kind === 'image' && <img className={styles.previewImage} src={content.data.url} alt={entry.name} />}
        {content.status === 'ready' && content.data.kind === 'url' && kind === 'pdf' && <iframe className={styles.previewFrame} src={content.data.url} title={entry.name} />}
        {content.status === 'ready' && content.data.kind === 'text' && (
          <>
            {kind === 'markdown' ? (
              <div className={styles.markdown}>
                <Markdown source={content.data.text} />
              </div>
            ) : (
              <pre className={styles.previewText}>{content.data.text}</pre>
            )}
            {content.data.cut && <p className={styles.muted}>Only the first megabyte is shown. Download the file to see all of it.</p>}
          </>
        )}
      </div>
    </Modal>
  );
}
