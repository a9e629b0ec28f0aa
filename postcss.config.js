import purgeCss from '@fullhuman/postcss-purgecss';

/**
 * The build ships only the CSS rules whose class names the app's sources name (issue 17): all of
 * Bootstrap (230 KB, 23 KB brotli) blocks the first paint, and parsing it and matching its rules
 * cost the first paint more than the download did at 4× CPU throttling.
 *
 * react-bootstrap builds most of its class names at runtime from a component's prefix and its props
 * (`btn-${variant}`, `col-md-${span}`, `text-bg-${bg}`), which no source spells out, so each family
 * of the components the app uses is kept whole, with the state classes they toggle (show, fade,
 * active). Only `vite build` purges: the dev server would keep stale CSS when a source gains a class.
 */
const reactBootstrapFamilies = [
  /^alert/,
  /^badge/,
  // Not the groups, toolbars and toggle buttons of components the app does not use.
  /^btn(?!-group|-toolbar|-check)/,
  /^card/,
  /^col(-(sm|md|lg|xl|xxl))?(-(\d+|auto))?$/,
  /^row(-cols(-(sm|md|lg|xl|xxl))?-(\d+|auto))?$/,
  /^container/,
  /^drop(down|up|start|end)/,
  /^form-(?!floating|range)/,
  /^input-group/,
  /^(in)?valid-/,
  /^is-(in)?valid/,
  /^was-validated/,
  /^modal(?!-fullscreen)/,
  /^nav(-|$)/,
  // The header's Navbar collapses below lg, the car filters' Offcanvas below md.
  /^navbar(?!-expand)/,
  /^navbar-expand-lg$/,
  /^offcanvas(?!-(sm|lg|xl|xxl)$)/,
  /^progress/,
  /^spinner/,
  /^tab/,
  /^bg-/,
  /^text-(dark|light|white)$/,
  /^collaps/,
];
/**
 * Class names other packages (react-slick, react-datetime) or the app's own templates
 * (`availability-day--${state}`) put together: every rule that names one is kept, with the states
 * those packages add beside them (dragging, in-selecting-range).
 */
const builtElsewhere = [/^slick/, /^rdt/, /^availability/];
const toggledStates = ['show', 'showing', 'hiding', 'fade', 'active', 'disabled', 'visually-hidden'];

export default {
  plugins:
    process.env.NODE_ENV === 'production'
      ? [
          purgeCss({
            content: ['index.html', 'src/**/*.{ts,tsx}'],
            safelist: { standard: [...reactBootstrapFamilies, ...toggledStates], greedy: builtElsewhere },
            // react-bootstrap marks a menu it places without Popper (the account menu, in the navbar).
            dynamicAttributes: ['data-bs-popper'],
          }),
        ]
      : [],
};
