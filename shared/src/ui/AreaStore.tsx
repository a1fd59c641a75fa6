import { Provider } from 'jotai';
import type { ComponentType, ReactNode } from 'react';
import { getStore } from '@accent/shared/client';

/** A remote's pages run in the suite's one jotai store, inside the shell or standalone. */
export function AreaStore({ children }: { children: ReactNode }) {
  return <Provider store={getStore()}>{children}</Provider>;
}

/** A remote's page as a route component: the page inside AreaStore. */
export function inAreaStore(Page: ComponentType): ComponentType {
  return function AreaRoute() {
    return (
      <AreaStore>
        <Page />
      </AreaStore>
    );
  };
}
