import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { Kpi, KpiGrid, kpiColumns } from './KpiGrid.js';

describe('KpiGrid', () => {
  it('never leaves one figure alone on a row of a wide screen', () => {
    // the analytics screen's seven figures were six and one (auto-fill); now four and three
    expect(kpiColumns(7)).toBe(4);
    expect(kpiColumns(5)).toBe(3);
    expect(kpiColumns(4)).toBe(4);
    expect(kpiColumns(2)).toBe(2);
    for (let n = 2; n <= 12; n++) {
      const cols = kpiColumns(n);
      const last = n % cols;
      expect(last === 0 || last > 1 || n === 1).toBe(true);
    }
  });

  it('lists each figure as a term and its value, in the columns it chose', () => {
    render(
      <KpiGrid>
        <Kpi label="Runs" value="12" data-testid="runs" />
        <Kpi label="Success rate" value="92%" />
        <Kpi label="Cost" value="$1.20" />
      </KpiGrid>,
    );
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Runs', 'Success rate', 'Cost']);
    expect(screen.getByTestId('runs')).toHaveTextContent('12');
    expect(screen.getByText('Runs').closest('dl')?.style.getPropertyValue('--kpi-columns')).toBe('3');
  });
});
