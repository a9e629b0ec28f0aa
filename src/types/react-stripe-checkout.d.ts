/**
 * What react-stripe-checkout accepts but its bundled types leave out: children (a custom button,
 * which React 19's types no longer grant by default), the disabled flag and the script-loading hooks.
 */
import 'react-stripe-checkout';
import type { ReactNode } from 'react';

declare module 'react-stripe-checkout' {
  interface StripeCheckoutProps {
    children?: ReactNode;
    disabled?: boolean;
    onScriptError?: (error: unknown) => void;
    showLoadingDialog?: () => void;
    hideLoadingDialog?: () => void;
  }
}
