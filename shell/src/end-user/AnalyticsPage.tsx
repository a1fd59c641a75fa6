// /end-user/analytics: the signed-in user's own runs (the server scopes them), with the same figures,
// charts, tables and CSV files as the administrators' Analytics.
import { Link } from 'react-router';
import { AnalyticsView } from '../analytics/AnalyticsView.js';
import { Page, Section } from '../app/Page.js';
import styles from './EndUser.module.css';

export default function AnalyticsPage() {
  return (
    <Page
      title="Analytics"
      description="Your runs: agents you tested or chatted with, your missions, flows and pages, with their outcome, speed, tokens and estimated cost."
    >
      <AnalyticsView admin={false} />
      <Section title="Run results" id="analytics-runs">
        <p className={styles.text}>
          Each mission run is recorded with its outcome. See them in <Link to="/end-user/mission-results">Mission results</Link>.
        </p>
      </Section>
    </Page>
  );
}
