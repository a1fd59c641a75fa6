// Every route page of the Pages area inside the suite's jotai store (loaded lazily by module.ts).
import type { ComponentType } from 'react';
import { PagesEditorPage } from './builder/PagesEditorPage.js';
import { ContentPage } from './content/ContentPage.js';
import { PersonalizePage } from './content/PersonalizePage.js';
import { MagicPagesPage } from './dashboard/MagicPagesPage.js';
import { PagesDashboardPage } from './dashboard/PagesDashboardPage.js';
import { MagicPageRendererPage } from './end-user/MagicPageRendererPage.js';
import { MagicPagesListPage } from './end-user/MagicPagesListPage.js';
import { PagesArea } from './state/PagesArea.js';

const inArea = (Page: ComponentType): ComponentType =>
  function PagesRoute() {
    return (
      <PagesArea>
        <Page />
      </PagesArea>
    );
  };

export const PagesDashboardRoute = inArea(PagesDashboardPage);
export const MagicPagesRoute = inArea(MagicPagesPage);
export const EditorRoute = inArea(PagesEditorPage);
export const ContentRoute = inArea(ContentPage);
export const PersonalizeRoute = inArea(PersonalizePage);
export const MagicPagesListRoute = inArea(MagicPagesListPage);
export const MagicPageRendererRoute = inArea(MagicPageRendererPage);
