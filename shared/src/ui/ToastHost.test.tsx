import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast } from '@accent/shared/client';
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

  it('renders toasts at the bottom right, 5 rem apart from 2 rem, with status or alert roles', () => {
    render(<ToastHost />);
    act(() => {
      toast.success('Agent Saved!', 'Your agent has been successfully saved and updated.');
      toast.error('Delete failed', 'HTTP 500: Internal Server Error');
    });
    const saved = screen.getByRole('status');
    const failed = screen.getByRole('alert');
    expect(saved).toHaveTextContent('Agent Saved!Your agent has been successfully saved and updated.');
    expect(failed).toHaveTextContent('Delete failed');
    expect(saved).toHaveStyle({ bottom: '2rem' });
    expect(failed).toHaveStyle({ bottom: '7rem' });
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

  it('stacks a toast above a taller one by its measured height, so none covers another', () => {
    const rect = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      // a two-line toast is 112 px (7 rem) tall, a one-line one 64 px
      const tall = this.textContent?.includes('two lines');
      return { height: tall ? 112 : 64, width: 352, top: 0, left: 0, right: 352, bottom: 0, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    try {
      render(<ToastHost />);
      act(() => {
        toast.error('Auto-save Failed', 'A message long enough to wrap onto two lines');
        toast.error('Save failed');
        toast.info('Third');
      });
      const [first, second, third] = Array.from(document.querySelectorAll<HTMLElement>('[data-toast-type]'));
      expect(first).toHaveStyle({ bottom: '2rem' });
      expect(second).toHaveStyle({ bottom: '9.75rem' }); // 2 + 7 + 0.75
      expect(third).toHaveStyle({ bottom: '14.75rem' }); // then 5 rem apart
    } finally {
      rect.mockRestore();
    }
  });

  it('stays while the pointer is over it and closes after the time that was left', () => {
    render(<ToastHost />);
    act(() => void toast.error('Save failed', 'Your role does not allow saving flows.'));
    act(() => void jest.advanceTimersByTime(3500));
    fireEvent.mouseEnter(screen.getByRole('alert'));
    act(() => void jest.advanceTimersByTime(30_000));
    expect(screen.getByRole('alert')).not.toHaveClass('leaving');
    fireEvent.mouseLeave(screen.getByRole('alert'));
    act(() => void jest.advanceTimersByTime(1000));
    expect(screen.getByRole('alert')).toHaveClass('leaving');
  });
});
