import { usePublicConfig } from '../lib/public-config';
import { useNearViewport } from '../lib/useNearViewport';

/**
 * The platform's support phone and email as the server is configured (SUPPORT_PHONE, SUPPORT_EMAIL,
 * through `GET /api/config`), each undefined while unknown or unset, so nothing is ever shown in
 * their place. Asked for once the element given `ref` comes near the viewport: below the first
 * screen, a page that makes no call loads no HTTP client.
 */
export function useSupportContact(): {
  ref: ReturnType<typeof useNearViewport>['ref'];
  phone: string | undefined;
  email: string | undefined;
} {
  const { ref, near } = useNearViewport();
  const { data: support } = usePublicConfig((config) => config.support, { enabled: near });
  return { ref, phone: support?.phone, email: support?.email };
}
