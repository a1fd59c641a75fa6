import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@accent/shared/client';
import { ADMIN, renderWithProviders, testSession } from '../app/testing.js';
import { FilesApiContext, NOT_PERMITTED, StorageFailure } from './files-api.js';
import FilesPage from './FilesPage.js';
import { readText } from './PreviewDialog.js';
import { fakeFilesApi, type FakeFiles } from './testing.js';

const session = testSession();
beforeAll(() => session.signIn(ADMIN));
afterAll(() => session.stop());
afterEach(() => act(() => toast.clear()));

async function renderFiles(fake: FakeFiles, path = '/files?bucket=documents') {
  await renderWithProviders(
    <FilesApiContext.Provider value={fake.api}>
      <FilesPage />
    </FilesApiContext.Provider>,
    path,
  );
}

const rows = () => screen.queryAllByTestId('file-row').map((r) => within(r).getAllByRole('button')[0]!.textContent?.replace(/^\S+\s/, ''));
const table = () => screen.findByRole('table', { name: 'Files' });
const row = (name: string) => screen.getAllByTestId('file-row').find((r) => r.textContent?.includes(name))!;
const nameButton = (name: string) => within(row(name)).getAllByRole('button')[0]!;
const fileOf = (name: string, text: string, type = 'text/plain') => new File([text], name, { type });

async function chooseAction(name: string, action: string) {
  await userEvent.click(within(row(name)).getByRole('button', { name: `Actions for ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

describe('FilesPage', () => {
  it('starts at the buckets, opens one, walks into folders and back by the breadcrumbs', async () => {
    const fake = fakeFilesApi({ objects: { 'documents/Reports/q1.txt': 'q1', 'documents/readme.md': '# Hi' } });
    await renderFiles(fake, '/files');
    await table();
    expect(rows()).toEqual(['documents']);
    await userEvent.click(nameButton('documents'));
    await waitFor(() => expect(rows()).toEqual(['Reports', 'readme.md']));
    expect(screen.getByTestId('location')).toHaveTextContent('/files?bucket=documents');

    await userEvent.click(nameButton('Reports'));
    await waitFor(() => expect(rows()).toEqual(['q1.txt']));
    const crumbs = screen.getByRole('navigation', { name: 'Folder' });
    expect(within(crumbs).getByText('Reports')).toHaveAttribute('aria-current', 'location');
    await userEvent.click(within(crumbs).getByRole('button', { name: 'documents' }));
    await waitFor(() => expect(rows()).toEqual(['Reports', 'readme.md']));
    await userEvent.click(within(crumbs).getByRole('button', { name: 'Files' }));
    await waitFor(() => expect(rows()).toEqual(['documents']));
  });

  it('offers Upload files and New folder at the top level too: both go into the library bucket, which then opens', async () => {
    const fake = fakeFilesApi({ objects: { 'documents/readme.md': '# Hi' } });
    await renderFiles(fake, '/files');
    await table();
    expect(screen.getByText('Uploads and new folders at the top level go into documents.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = screen.getByRole('dialog', { name: 'New folder in documents' });
    await userEvent.type(within(dialog).getByLabelText('Folder name'), 'Contracts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(rows()).toEqual(['Contracts', 'readme.md']));
    expect(screen.getByTestId('location')).toHaveTextContent('/files?bucket=documents');

    await userEvent.click(within(screen.getByRole('navigation', { name: 'Folder' })).getByRole('button', { name: 'Files' }));
    await waitFor(() => expect(rows()).toEqual(['documents']));
    await userEvent.upload(screen.getByTestId('file-picker'), [fileOf('top.txt', 'top')]);
    await waitFor(() => expect(rows()).toEqual(['Contracts', 'readme.md', 'top.txt']));
    expect(fake.upload.mock.calls.map(([bucket, path]) => [bucket, path])).toEqual([
      ['documents', 'Contracts/.emptyFolderPlaceholder'],
      ['documents', 'top.txt'],
    ]);
  });

  it('shows the empty state, and the error state with Retry', async () => {
    const fake = fakeFilesApi();
    fake.list.mockRejectedValueOnce(new StorageFailure('Bucket not found', 404));
    await renderFiles(fake);
    expect(await screen.findByText('The files could not be loaded: Bucket not found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
  });

  it('sorts by a column, both ways, keeping folders first', async () => {
    const fake = fakeFilesApi({ objects: { 'documents/big.txt': 'x'.repeat(300), 'documents/small.txt': 'x', 'documents/mid.txt': 'x'.repeat(20), 'documents/Zed/a.txt': 'a' } });
    await renderFiles(fake);
    await table();
    expect(rows()).toEqual(['Zed', 'big.txt', 'mid.txt', 'small.txt']);
    const size = screen.getByRole('button', { name: 'Size' });
    await userEvent.click(size);
    expect(rows()).toEqual(['Zed', 'small.txt', 'mid.txt', 'big.txt']);
    expect(size.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(size);
    expect(rows()).toEqual(['Zed', 'big.txt', 'mid.txt', 'small.txt']);
    expect(size.closest('th')).toHaveAttribute('aria-sort', 'descending');
  });

  it('uploads several files with a progress bar each, cancels one, and lists the others', async () => {
    const fake = fakeFilesApi({ holdUploads: true });
    await renderFiles(fake);
    await screen.findByText('This folder is empty');
    await userEvent.upload(screen.getByTestId('file-picker'), [fileOf('a.txt', 'aaaa'), fileOf('b.txt', 'bbbbbb'), fileOf('c.txt', 'cc')]);

    const uploads = () => screen.getAllByTestId('upload');
    await waitFor(() => expect(uploads()).toHaveLength(3));
    expect(screen.getByRole('heading', { name: 'Uploading 3 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload of a.txt' })).toHaveAttribute('value', '50');
    expect(within(uploads()[0]!).getByText('2 B of 4 B')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload of c.txt' }));
    await act(async () => {
      fake.release('a.txt');
      fake.release('b.txt');
    });
    await waitFor(() => expect(rows()).toEqual(['a.txt', 'b.txt']));
    expect(uploads().map((u) => u.dataset.status)).toEqual(['done', 'done', 'cancelled']);
    expect(screen.getByRole('progressbar', { name: 'Upload of b.txt' })).toHaveAttribute('value', '100');
    // an administrator's uploads are the library's: shared unless they untick it
    expect(screen.getByRole('checkbox', { name: 'Share uploads with the library' })).toBeChecked();
    expect(fake.upload.mock.calls.map(([bucket, path, , options]) => [bucket, path, options?.upsert, options?.metadata])).toEqual([
      ['documents', 'a.txt', false, { shared: true }],
      ['documents', 'b.txt', false, { shared: true }],
      ['documents', 'c.txt', false, { shared: true }],
    ]);
  });

  it("keeps a member's uploads their own unless they choose to share them", async () => {
    const fake = fakeFilesApi();
    await renderFiles(fake, '/end-user/files?bucket=documents');
    await screen.findByText('This folder is empty');
    expect(screen.getByText('Your files and the files your library shares.')).toBeInTheDocument();
    const share = screen.getByRole('checkbox', { name: 'Share uploads with the library' });
    expect(share).not.toBeChecked();
    await userEvent.upload(screen.getByTestId('file-picker'), [fileOf('mine.txt', 'mine')]);
    await userEvent.click(share);
    await userEvent.upload(screen.getByTestId('file-picker'), [fileOf('ours.txt', 'ours')]);
    await waitFor(() => expect(rows()).toEqual(['mine.txt', 'ours.txt']));
    expect(fake.upload.mock.calls.map(([, path, , options]) => [path, options?.metadata])).toEqual([
      ['mine.txt', undefined],
      ['ours.txt', { shared: true }],
    ]);
  });

  it('uploads what is dropped on the list into the open folder', async () => {
    const fake = fakeFilesApi({ objects: { 'documents/Inbox/old.txt': 'old' } });
    await renderFiles(fake, '/files?bucket=documents&path=Inbox');
    await table();
    const files = [fileOf('dropped.txt', 'hello')];
    const zone = screen.getByTestId('drop-zone');
    fireEvent.dragOver(zone, { dataTransfer: { files, types: ['Files'] } });
    expect(screen.getByText('Drop to upload into this folder')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: { files, types: ['Files'] } });
    await waitFor(() => expect(rows()).toEqual(['dropped.txt', 'old.txt']));
    expect(fake.upload).toHaveBeenCalledWith('documents', 'Inbox/dropped.txt', files[0], expect.objectContaining({ upsert: false }));
  });

  it('says why an upload failed, and offers Replace for a name already taken', async () => {
    const fake = fakeFilesApi({ buckets: [{ id: 'documents', public: false, sizeLimit: 10, allowedTypes: null }], objects: { 'documents/taken.txt': 'old' } });
    await renderFiles(fake);
    await table();
    await userEvent.upload(screen.getByTestId('file-picker'), [fileOf('taken.txt', 'new'), fileOf('huge.txt', 'x'.repeat(50))]);
    expect(await screen.findByText('A file with this name already exists here.')).toBeInTheDocument();
    expect(screen.getByText('This file is too large. The object exceeded the maximum allowed size')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Replace huge.txt' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Replace taken.txt' }));
    await waitFor(() => expect(row('taken.txt')).toHaveTextContent('3 B'));
    expect(fake.upload).toHaveBeenLastCalledWith('documents', 'taken.txt', expect.any(File), expect.objectContaining({ upsert: true }));
    expect(await readText(fake.objects.get('documents/taken.txt')!.body)).toBe('new');
  });

  it('creates a folder, renames by keyboard (F2), and refuses a name already used', async () => {
    const fake = fakeFilesApi({ objects: { 'documents/a.txt': 'a', 'documents/b.txt': 'b' } });
    await renderFiles(fake);
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'New folder' }));
    await userEvent.type(screen.getByLabelText('Folder name'), 'Plans');
    await userEvent.click(screen.getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(rows()).toEqual(['Plans', 'a.txt', 'b.txt']));
    expect(fake.objects.has('documents/Plans/.emptyFolderPlaceholder')).toBe(true);

    nameButton('Plans').focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(nameButton('a.txt')).toHaveFocus();
    await userEvent.keyboard('{F2}');
    const field = screen.getByLabelText('New name');
    await userEvent.clear(field);
    await userEvent.type(field, 'b.txt{Enter}');
    expect(screen.getByText('b.txt already exists here.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'alpha.txt{Enter}');
    await waitFor(() => expect(rows()).toEqual(['Plans', 'alpha.txt', 'b.txt']));
    expect(fake.move).toHaveBeenCalledWith('documents', 'a.txt', 'alpha.txt');
  });

  it('says in plain words when storage refuses a change, and keeps the file as it was', async () => {
    const fake = fakeFilesApi({ objects: { 'documents/a.txt': 'a' } });
    fake.move.mockRejectedValueOnce(new StorageFailure('new row violates row-level security policy', 403, 'Unauthorized'));
    await renderFiles(fake);
    await table();
    await chooseAction('a.txt', 'Rename');
    const field = screen.getByLabelText('New name');
    await userEvent.clear(field);
    await userEvent.type(field, 'b.txt{Enter}');
    expect(await screen.findByText('a.txt could not be renamed')).toBeInTheDocument();
    expect(screen.getAllByText(NOT_PERMITTED).length).toBeGreaterThan(0);
    expect(screen.queryByText(/row-level security/)).toBeNull();
    expect(rows()).toEqual(['a.txt']);
  });

  it('moves a file into a folder chosen in the picker, and copies one beside itself', async () => {
    const fake = fakeFilesApi({ objects: { 'documents/a.txt': 'a', 'documents/Archive/.emptyFolderPlaceholder': '' } });
    await renderFiles(fake);
    await table();
    await chooseAction('a.txt', 'Copy');
    await userEvent.click(screen.getByRole('button', { name: 'Copy here' }));
    await waitFor(() => expect(rows()).toEqual(['Archive', 'a copy.txt', 'a.txt']));

    await chooseAction('a.txt', 'Move');
    const dialog = screen.getByRole('dialog', { name: 'Move a.txt' });
    // the file is already here: Move here is off, and says why
    expect(within(dialog).getByRole('button', { name: 'Move here' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move here' })).toHaveAccessibleDescription('a.txt is already in this folder.');
    await userEvent.click(await within(dialog).findByRole('button', { name: /Archive/ }));
    expect(within(dialog).getByRole('button', { name: 'Move here' })).toBeEnabled();
    expect(within(dialog).getByText('Destination: documents/Archive')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move here' }));
    await waitFor(() => expect(rows()).toEqual(['Archive', 'a copy.txt']));
    expect(fake.objects.has('documents/Archive/a.txt')).toBe(true);
  });

  it('deletes several selected entries, a folder with its contents, after confirmation', async () => {
    const fake = fakeFilesApi({ objects: { 'documents/a.txt': 'a', 'documents/b.txt': 'b', 'documents/Old/x.txt': 'x', 'documents/Old/deep/y.txt': 'y' } });
    await renderFiles(fake);
    await table();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Old' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select a.txt' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete 2 items?' });
    expect(confirm).toHaveTextContent('The folders are deleted with everything in them.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fake.remove).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete 2 items?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toEqual(['b.txt']));
    expect([...fake.objects.keys()]).toEqual(['documents/b.txt']);
  });

  it('deletes by keyboard: Delete on a row asks first, Escape keeps the file', async () => {
    const fake = fakeFilesApi({ objects: { 'documents/a.txt': 'a', 'documents/b.txt': 'b' } });
    await renderFiles(fake);
    await table();
    nameButton('b.txt').focus();
    await userEvent.keyboard('{Delete}');
    expect(screen.getByRole('dialog', { name: 'Delete b.txt?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.remove).not.toHaveBeenCalled();

    await userEvent.keyboard('{Delete}');
    await userEvent.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(rows()).toEqual(['a.txt']));
    expect(fake.remove).toHaveBeenCalledWith('documents', ['b.txt']);
  });

  it('previews Markdown rendered and safe', async () => {
    const fake = fakeFilesApi({ objects: { 'documents/notes.md': { text: '# Launch plan\n\n<img src=x onerror=alert(1)>', type: 'text/markdown' } } });
    await renderFiles(fake);
    await table();
    await userEvent.click(nameButton('notes.md'));
    const dialog = screen.getByRole('dialog', { name: 'notes.md' });
    expect(await within(dialog).findByRole('heading', { name: 'Launch plan' })).toBeInTheDocument();
    expect(dialog.querySelector('img')).toBeNull();
    expect(dialog).toHaveTextContent('<img src=x onerror=alert(1)>');
  });

  it('previews an image from a signed URL', async () => {
    const fake = fakeFilesApi({ objects: { 'documents/logo.png': { text: 'png', type: 'image/png' } } });
    await renderFiles(fake);
    await table();
    await userEvent.click(nameButton('logo.png'));
    expect(await screen.findByRole('img', { name: 'logo.png' })).toHaveAttribute('src', 'http://storage.test/storage/v1/object/sign/documents/logo.png?token=t-300');
  });

  it('copies a share link with the chosen expiry to the clipboard', async () => {
    const writeText = jest.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fake = fakeFilesApi({ objects: { 'documents/a.txt': 'a' } });
    await renderFiles(fake);
    await table();
    await chooseAction('a.txt', 'Copy share link');
    const dialog = screen.getByRole('dialog', { name: 'Share a.txt' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Link expires after'), '7 days');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy share link' }));
    const url = 'http://storage.test/storage/v1/object/sign/documents/a.txt?token=t-604800';
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect(within(dialog).getByLabelText('Share link')).toHaveValue(url);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });
});
