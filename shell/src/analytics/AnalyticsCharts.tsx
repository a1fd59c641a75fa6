// The analytics charts (recharts), in their own module so the library is loaded only by the screens that
// show them (React.lazy). Each chart is hidden from screen readers: its table view says the same.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsResponse } from '@accent/shell-common';
import { bucketLabel } from './format.js';

export type ChartKind = 'runs' | 'usage' | 'agents';

const COLORS = { succeeded: '#2e7d32', failed: '#c62828', other: '#9e9e9e', tokensIn: '#1565c0', tokensOut: '#6a1b9a', cost: '#ef6c00' };

export default function AnalyticsChart({ kind, data }: { kind: ChartKind; data: AnalyticsResponse }) {
  const series = data.series.map((b) => ({
    name: bucketLabel(b),
    Succeeded: b.succeeded,
    Failed: b.failed,
    Other: b.runs - b.succeeded - b.failed,
    'Tokens in': b.tokens_in,
    'Tokens out': b.tokens_out,
    'Cost (USD)': b.cost_usd,
  }));
  return (
    <div aria-hidden="true" style={{ width: '100%', height: 260 }}>
      <ResponsiveContainer width="100%" height="100%">
        {kind === 'runs' ? (
          <BarChart data={series} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" minTickGap={16} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Bar dataKey="Succeeded" stackId="runs" fill={COLORS.succeeded} isAnimationActive={false} />
            <Bar dataKey="Failed" stackId="runs" fill={COLORS.failed} isAnimationActive={false} />
            <Bar dataKey="Other" stackId="runs" fill={COLORS.other} isAnimationActive={false} />
          </BarChart>
        ) : kind === 'usage' ? (
          <LineChart data={series} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" minTickGap={16} />
            <YAxis yAxisId="tokens" />
            <YAxis yAxisId="cost" orientation="right" />
            <Tooltip />
            <Legend />
            <Line yAxisId="tokens" dataKey="Tokens in" stroke={COLORS.tokensIn} dot={false} isAnimationActive={false} />
            <Line yAxisId="tokens" dataKey="Tokens out" stroke={COLORS.tokensOut} dot={false} isAnimationActive={false} />
            <Line yAxisId="cost" dataKey="Cost (USD)" stroke={COLORS.cost} dot={false} isAnimationActive={false} />
          </LineChart>
        ) : (
          <BarChart data={data.top_agents.map((a) => ({ name: a.name, Runs: a.runs, Failed: a.failed }))} layout="vertical" accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="name" width={140} />
            <Tooltip />
            <Legend />
            <Bar dataKey="Runs" fill={COLORS.tokensIn} isAnimationActive={false} />
            <Bar dataKey="Failed" fill={COLORS.failed} isAnimationActive={false} />
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
