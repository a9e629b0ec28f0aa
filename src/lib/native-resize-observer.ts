/**
 * react-slick takes its ResizeObserver from resize-observer-polyfill, which every browser the build
 * targets has built in: the app's build (vite.config.ts) hands it the browser's own instead, so the
 * sliders bring about 2 KB (brotli) less.
 */
export default globalThis.ResizeObserver;
