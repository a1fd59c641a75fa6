import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RestoreVersionDialog, VersionCompare, versionOptions } from './VersionCompare.js';

const versions = [
  { number: 3, label: 'Launch' },
  { number: 2, label: 'Draft' },
  { number: 1, label: 'First' },
];

describe('versionOptions', () => {
  it('names each version, with its label where it has one', () => {
    expect(versionOptions(versions, (v) => v.number)).toEqual([
      { value: '3', label: 'Version 3' },
      { value: '2', label: 'Version 2' },
      { value: '1', label: 'Version 1' },
    ]);
    expect(
      versionOptions(
        versions,
        (v) => v.number,
        (v) => v.label,
      )[0],
    ).toEqual({ value: '3', label: 'Version 3: Launch' });
    expect(versionOptions(null, (v: { number: number }) => v.number)).toEqual([]);
  });
});

describe('VersionCompare', () => {
  it('shows the two pickers and the diff of the older against the newer, and tells which version was picked', async () => {
    const pick = jest.fn();
    render(
      <VersionCompare history={{ pair: [3, 1], pick }} options={versionOptions(versions, (v) => v.number)}>
        {(older, newer) => <p>{`diff of ${older} against ${newer}`}</p>}
      </VersionCompare>,
    );
    const section = screen.getByRole('region', { name: 'Compare versions' });
    expect(section).toContainElement(screen.getByText('diff of 1 against 3'));
    expect(screen.getByLabelText('Compare version')).toHaveValue('3');
    expect(screen.getByLabelText('with version')).toHaveValue('1');
    await userEvent.selectOptions(screen.getByLabelText('with version'), '2');
    expect(pick).toHaveBeenCalledWith(1, 2);
  });

  it('shows nothing while no pair is chosen', () => {
    const { container } = render(
      <VersionCompare history={{ pair: null, pick: () => {} }} options={[]}>
        {() => <p>diff</p>}
      </VersionCompare>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('RestoreVersionDialog', () => {
  it('asks about the version being restored and confirms with Restore', async () => {
    const onConfirm = jest.fn();
    render(
      <RestoreVersionDialog
        history={{ restoring: 2, restoreDialog: { open: true, busy: false, onConfirm, onCancel: () => {} } }}
        message={(v) => `Version ${v} will be saved as the newest version.`}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Restore version 2?' });
    expect(dialog).toHaveTextContent('Version 2 will be saved as the newest version.');
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(onConfirm).toHaveBeenCalled();
  });
});
