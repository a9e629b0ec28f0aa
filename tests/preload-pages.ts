import { isValidElement, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * React.lazy's element type, as far as loading it goes: React keeps the loader in `_payload` and
 * runs it with `_init`, which throws the pending promise until the module is there (React's
 * fields since 16.6; React has no public way to load a lazy component without rendering it).
 */
interface LazyType {
  $$typeof: symbol;
  _payload: unknown;
  _init: (payload: unknown) => unknown;
}

const LAZY = Symbol.for('react.lazy');

function isLazy(type: unknown): type is LazyType {
  return typeof type === 'object' && type !== null && (type as LazyType).$$typeof === LAZY;
}

function collectLazy(node: ReactNode, found: Set<LazyType>): void {
  if (!isValidElement<{ children?: ReactNode }>(node)) return;
  if (isLazy(node.type)) found.add(node.type);
  const { children } = node.props;
  for (const child of Array.isArray(children) ? children : [children]) collectLazy(child, found);
}

function collectRoutes(routes: RouteObject[], found: Set<LazyType>): void {
  for (const route of routes) {
    collectLazy(route.element, found);
    collectRoutes(route.children ?? [], found);
  }
}

/**
 * Loads every lazy screen of the route table, so a test's first render of a screen shows it at
 * once instead of React's fallback: React holds back a screen that replaces a fallback for 300 ms
 * (so a page does not flash), and in a test file that is 300 ms for each screen it opens.
 */
export async function preloadPages(routes: RouteObject[]): Promise<void> {
  const lazy = new Set<LazyType>();
  collectRoutes(routes, lazy);
  await Promise.all(
    [...lazy].map(async (type) => {
      try {
        type._init(type._payload);
      } catch (pending) {
        await pending;
      }
    }),
  );
}
