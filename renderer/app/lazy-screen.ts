import { isValidElement, lazy, type ComponentType, type ReactNode } from 'react';

type Load = () => Promise<{ default: ComponentType }>;

/** A lazily loaded screen (or frame) whose code can be asked for before it first renders. */
export function lazyScreen(load: Load) {
  return Object.assign(lazy(load), { preload: load });
}

/**
 * Starts loading the code of the lazy screens in a route's element, through the wrappers around
 * them (RequireAccess, Suspense). The app's first screen is otherwise asked for only once the
 * frame around it has loaded and rendered: one round trip and a render later (issue 21). The
 * browser loads a module once, so the screen's own load later finds it loading or loaded.
 */
export function preloadScreens(element: ReactNode): void {
  if (!isValidElement<{ children?: ReactNode }>(element)) return;
  const { preload } = element.type as { preload?: Load };
  if (preload) void preload();
  preloadScreens(element.props.children);
}
