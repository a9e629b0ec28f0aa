import { WayOn } from '../components/WayOn';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';

/** Any address the app does not know: say so and offer the two places most people want. */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <WayOn
      title="Page not found"
      links={[
        { to: paths.home, label: 'Go to the home page' },
        { to: paths.cars, label: 'Browse cars' },
      ]}
    >
      There is no page at this address. It may have moved, or the link may be mistyped.
    </WayOn>
  );
}
