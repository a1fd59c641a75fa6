import { BackgroundArea } from '../state/BackgroundArea.js';
import { BackgroundEditorPage } from './BackgroundEditorPage.js';

/** /background/new and /background/:id */
export default function EditorRoute() {
  return (
    <BackgroundArea>
      <BackgroundEditorPage />
    </BackgroundArea>
  );
}
