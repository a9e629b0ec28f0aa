/**
 * What a prerendered page loads in place of the app's entry (build/prerender.ts builds it on
 * its own and names it in each page): the page's HTML is painted first, then the entry and every
 * chunk the page's screens need are fetched at once, in parallel, and the entry hydrates the page.
 * Fetched from the head, the scripts competed with the stylesheets and the first paint for the
 * network and the main thread, and Lighthouse counted every one of them as render-blocking.
 *
 * Its script element says what to load: data-entry, the entry's address, and data-chunks, the
 * page's chunks, separated by spaces.
 */

const SCRIPT_SELECTOR = 'script[data-entry]';

/**
 * Says on the page that its code could not be fetched or started (the connection dropped): its
 * controls stay disabled until the app runs, and a failure in the console is no one's to read.
 */
function sayNotLoaded(): void {
  const notice = document.createElement('div');
  notice.setAttribute('role', 'alert');
  notice.className = 'alert alert-warning m-3';
  notice.textContent = 'This page could not finish loading. Check your connection, then reload it.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'btn btn-sm btn-outline-dark ms-2';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => window.location.reload());
  notice.append(reload);
  document.body.prepend(notice);
}

function start(script: HTMLScriptElement): void {
  const { entry, chunks } = script.dataset;
  if (!entry) throw new Error(`${SCRIPT_SELECTOR} names no entry`);
  for (const href of (chunks ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // As the entry's own imports are fetched (a module script's CORS mode), so the preloads are the ones used.
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // The entry awaits its start, so this also fails when a screen's chunk could not be fetched.
  import(/* @vite-ignore */ entry).catch(sayNotLoaded);
}

const script = document.querySelector<HTMLScriptElement>(SCRIPT_SELECTOR);
if (!script) throw new Error(`the page has no ${SCRIPT_SELECTOR} to say what to load`);
if (document.visibilityState === 'hidden') {
  // A page opened in the background draws no frame until shown, and a hidden page's paint is no one's wait.
  start(script);
} else {
  // The animation frame's callbacks run just before the frame is drawn; a task queued there runs after it.
  requestAnimationFrame(() => setTimeout(() => start(script), 0));
}
