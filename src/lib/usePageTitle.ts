import { useEffect } from 'react';
import { PRODUCT_NAME } from '../config/product';

/** Sets the document title to "{product name} - {page title}". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${PRODUCT_NAME} - ${title}`;
  }, [title]);
}
