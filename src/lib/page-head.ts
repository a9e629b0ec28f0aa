import { createContext } from 'react';

/**
 * What the build's prerender learns of a page's <head> while it renders the page: in the browser the
 * title is set on the document after render, which a render to HTML never reaches.
 */
export interface PageHead {
  title?: string;
}

/** Given only by the prerender; the browser's tree has none, so its pages set document.title instead. */
export const PageHeadContext = createContext<PageHead | undefined>(undefined);
