// A shell page inside the sidebar layout, in the kit's page container and header (the one width rule): the
// title, an optional lead, back link and actions, then the content.
import { PageHeader, PageSection, Page as KitPage, type PageWidth } from '@accent/shared/ui';
import type { ReactNode } from 'react';

export interface PageProps {
  title: ReactNode;
  description?: ReactNode;
  /** rendered above the title (a back button) */
  before?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  width?: PageWidth;
}

export function Page({ title, description, before, actions, children, width = 'normal' }: PageProps) {
  return (
    <KitPage width={width}>
      <PageHeader title={title} subtitle={description} back={before} actions={actions} />
      {children}
    </KitPage>
  );
}

/** A titled block inside a page. */
export const Section = PageSection;
