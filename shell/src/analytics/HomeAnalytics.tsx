// The /home section for administrators (loaded lazily, so home does not carry analytics for others).
import { AnalyticsView } from './AnalyticsView.js';

export default function HomeAnalytics() {
  return <AnalyticsView admin compact />;
}
