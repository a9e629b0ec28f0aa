import { useContext, useEffect } from 'react';
import { PRODUCT_NAME } from '../config/product';
import { PageHeadContext } from './page-head';

/** Sets the document title to "{product name} - {page title}"; under the build's prerender, the page's HTML carries it. */
export function usePageTitle(title: string): void {
  const fullTitle = `${PRODUCT_NAME} - ${title}`;
  const head = useContext(PageHeadContext);
  // The innermost screen renders last, so its title is the one kept, as in the browser.
  if (head) head.title = fullTitle;
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
}
