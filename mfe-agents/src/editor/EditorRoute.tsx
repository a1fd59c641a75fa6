import { AgentsArea } from '../state/AgentsArea.js';
import { EditorPage } from './EditorPage.js';

/** /agents/* : /agents/new[?template=<id>] and /agents/edit/<name> */
export default function EditorRoute() {
  return (
    <AgentsArea>
      <EditorPage />
    </AgentsArea>
  );
}
