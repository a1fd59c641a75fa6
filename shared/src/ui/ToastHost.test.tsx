import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast } from '../client/toast.js';
import { ToastHost } from './ToastHost.js';

describe('ToastHost', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    act(() => toast.clear());
  });
  afterEach(() => {
    act(() => toast.clear());
    jest.useRealTimers();
  });

  it('renders toasts at the top right, 5 rem apart from 2 rem, with status or alert roles', () => {
    render(<ToastHost />);
    act(() => {
      toast.success('Agent Saved!', 'Your agent has been successfully saved and updated.');
      toast.error('Delete failed', 'HTTP 500: Internal Server Error');
    });
    const saved = screen.getByRole('status');
    const failed = screen.getByRole('alert');
    expect(saved).toHaveTextContent('Agent Saved!Your agent has been successfully saved and updated.');
    expect(failed).toHaveTextContent('Delete failed');
    expect(saved).toHaveStyle({ top: '2rem' });
    expect(failed).toHaveStyle({ top: '7rem' });
  });

  it('closes by itself after 4000 ms plus the 300 ms exit', () => {
    render(<ToastHost />);
    act(() => void toast.info('Heads up'));
    act(() => void jest.advanceTimersByTime(4000));
    expect(screen.getByRole('status')).toHaveClass('leaving');
    act(() => void jest.advanceTimersByTime(300));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('has a close button on every toast', () => {
    render(<ToastHost />);
    act(() => void toast.warning('Careful'));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    act(() => void jest.advanceTimersByTime(300));
    expect(screen.queryByText('Careful')).not.toBeInTheDocument();
  });
});
