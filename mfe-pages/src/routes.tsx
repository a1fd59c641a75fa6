// The route pages of the Pages area inside the suite's jotai store, loaded lazily by module.ts (the Magic
// Pages lists the sidebar opens are in sidebarRoutes.tsx and come with the module).
import { PagesEditorPage } from './builder/PagesEditorPage.js';
import { ContentPage } from './content/ContentPage.js';
import { PersonalizePage } from './content/PersonalizePage.js';
import { PagesDashboardPage } from './dashboard/PagesDashboardPage.js';
import { MagicPageRendererPage } from './end-user/MagicPageRendererPage.js';
import { inAreaStore as inArea } from '@accent/shared/ui';

export const PagesDashboardRoute = inArea(PagesDashboardPage);
export const EditorRoute = inArea(PagesEditorPage);
export const ContentRoute = inArea(ContentPage);
export const PersonalizeRoute = inArea(PersonalizePage);
export const MagicPageRendererRoute = inArea(MagicPageRendererPage);
