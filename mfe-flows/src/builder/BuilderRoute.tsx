import { FlowsArea } from '../state/FlowsArea.js';
import { FlowBuilderPage } from './FlowBuilderPage.js';

/** /flows/:id (and /flows/new) */
export default function BuilderRoute() {
  return (
    <FlowsArea>
      <FlowBuilderPage />
    </FlowsArea>
  );
}
