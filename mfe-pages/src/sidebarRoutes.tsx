// The pages the sidebar opens (Magic Pages, for admins and for end users): small, and part of the module
// itself, so a warmed area renders them at once instead of waiting for the chunk with the builder.
import { MagicPagesPage } from './dashboard/MagicPagesPage.js';
import { MagicPagesListPage } from './end-user/MagicPagesListPage.js';
import { inAreaStore } from '@accent/shared/ui';

export const MagicPagesRoute = inAreaStore(MagicPagesPage);
export const MagicPagesListRoute = inAreaStore(MagicPagesListPage);
