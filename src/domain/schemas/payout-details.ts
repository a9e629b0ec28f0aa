import { z } from 'zod';
import { checkText } from '../issue-message';
import { currentPassword } from './account';
import { isoInstant } from './fields';

// Where an owner is paid (`/api/owner/payout-details`): a bank account with its IFSC, a UPI ID, or
// both, with the legal name and PAN the payouts are made and reported under.

/** The longest legal name taken: what Indian banks' beneficiary names and PAN cards hold, with room. */
export const LEGAL_NAME_MAX = 100;

/** Payouts pause this long after every save of the details: time for the owner to see the mail if it was not them. */
export const PAYOUT_DETAILS_HOLD_HOURS = 48;

/** Indian bank account numbers: 9 to 18 digits. */
const ACCOUNT_NUMBER_FORMAT = /^\d{9,18}$/;
/** A bank branch's IFSC: the bank's 4 letters, a 0 kept for later use, the branch's 6 letters or digits. */
const IFSC_FORMAT = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A UPI ID (virtual payment address): a handle, `@`, the payment app's or bank's name. */
const UPI_ID_FORMAT = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
/** A PAN: 5 letters, 4 digits, a check letter. */
const PAN_FORMAT = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

const ACCOUNT_NUMBERS_DIFFER = 'checks.payout.accountNumbersDiffer';
const IFSC_REQUIRED = 'checks.payout.ifscRequired';
const ACCOUNT_FOR_IFSC = 'checks.payout.accountForIfsc';
export const DESTINATION_REQUIRED = 'checks.payout.destinationRequired';

/** A text field named as the form names it (`label`, a checks id) when it is missing or not text. */
const textField = (label: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined
        ? checkText('checks.issue.required', { field: { id: label } })
        : checkText('checks.issue.type', { field: { id: label }, type: { id: 'checks.type.string' } }),
  });

/** A field that may be left out: blank, null or missing all mean none. */
const blankIsNone = <T extends z.ZodType<string>>(field: T) => field.nullish().transform((text) => (text ? text : undefined));

/** An optional code in the one form it is stored in (`tidy`: spaces out of an account number, an IFSC in capitals), checked against its `format`. */
const optionalCode = (label: string, tidy: (text: string) => string, format: RegExp, message: string) =>
  blankIsNone(
    textField(label)
      .transform(tidy)
      .refine((text) => text === '' || format.test(text), message),
  );

const withoutSpaces = (text: string) => text.replace(/\s+/g, '');
const inCapitals = (text: string) => text.trim().toUpperCase();

/**
 * What an owner sends to set where they are paid: the whole set each time (the saved values are
 * never sent back, so nothing is left as it was), and the current password. A bank account needs
 * its IFSC. Payouts (bank file or Razorpay Route) go to a bank account only: a UPI ID is kept on file.
 */
export const PayoutDetailsChange = z
  .object({
    legalName: textField('checks.field.legalName')
      .trim()
      .min(1, 'checks.payout.legalNameRequired')
      .max(
        LEGAL_NAME_MAX,
        checkText('checks.issue.tooLong', { field: { id: 'checks.field.legalName' }, maximum: LEGAL_NAME_MAX }),
      )
      .meta({ description: 'The name the bank account and PAN are in.' }),
    accountNumber: optionalCode(
      'checks.field.accountNumber',
      withoutSpaces,
      ACCOUNT_NUMBER_FORMAT,
      'checks.payout.accountNumber',
    ).meta({ description: '9 to 18 digits; spaces are dropped. Blank or left out: no bank account.' }),
    confirmAccountNumber: blankIsNone(textField('checks.field.confirmAccountNumber').transform(withoutSpaces)).meta({
      description: 'The account number again, as the form asks for it twice.',
    }),
    ifsc: optionalCode('checks.field.ifsc', inCapitals, IFSC_FORMAT, 'checks.payout.ifsc').meta({
      description: "The account's branch code, such as HDFC0001234; needed with an account number and only with one.",
    }),
    upiId: optionalCode('checks.field.upiId', (text) => text.trim(), UPI_ID_FORMAT, 'checks.payout.upiId').meta({
      description: 'Such as asha.k@okhdfcbank. Kept on file: no payout goes to a UPI ID alone. Blank or left out: none.',
    }),
    pan: textField('checks.field.pan')
      .transform(inCapitals)
      .refine((text) => text !== '', checkText('checks.issue.required', { field: { id: 'checks.field.pan' } }))
      .refine((text) => text === '' || PAN_FORMAT.test(text), 'checks.payout.pan')
      .meta({ description: 'Such as ABCDE1234F.' }),
    currentPassword,
  })
  .superRefine((change, context) => {
    const refuse = (message: string, field: string) => context.addIssue({ code: 'custom', message, path: [field] });
    if (change.accountNumber !== undefined && change.confirmAccountNumber !== change.accountNumber) {
      refuse(ACCOUNT_NUMBERS_DIFFER, 'confirmAccountNumber');
    }
    if (change.accountNumber !== undefined && change.ifsc === undefined) refuse(IFSC_REQUIRED, 'ifsc');
    if (change.accountNumber === undefined && change.ifsc !== undefined) refuse(ACCOUNT_FOR_IFSC, 'accountNumber');
    if (change.accountNumber === undefined && change.upiId === undefined) refuse(DESTINATION_REQUIRED, 'accountNumber');
  });
export type PayoutDetailsChange = z.input<typeof PayoutDetailsChange>;

/**
 * A Razorpay Route linked account's state, as Razorpay's product activation reports it (`created`
 * until Razorpay reports on it). Transfers are made to an `activated` one only.
 */
export const ROUTE_ACCOUNT_STATES = ['created', 'under_review', 'needs_clarification', 'activated', 'suspended'] as const;
export const RouteAccountState = z.enum(ROUTE_ACCOUNT_STATES);
export type RouteAccountState = z.output<typeof RouteAccountState>;

/** What Route needs that the owner has not given: a phone number on their account, a bank account (Route pays no UPI ID). */
export const ROUTE_MISSING = ['phone', 'bankAccount'] as const;

/** Where the owner stands with Route transfers, on a server where they are on. */
export const RouteLink = z.object({
  state: RouteAccountState.nullable().meta({ description: "The linked account's state; null while none is made." }),
  missing: z
    .array(z.enum(ROUTE_MISSING))
    .meta({ description: 'What Route needs before a linked account can be made; empty once it has all.' }),
});
export type RouteLink = z.output<typeof RouteLink>;

/** The saved details as the owner sees them again: the legal name and IFSC whole, the rest by their last four characters. */
export const PayoutDetails = z.object({
  legalName: z.string(),
  accountLast4: z.string().nullable().meta({ description: "The bank account number's last 4 digits; null without one." }),
  ifsc: z.string().nullable().meta({ description: 'A branch code, shown whole; null without a bank account.' }),
  upiLast4: z.string().nullable().meta({ description: "The UPI ID's last 4 characters; null without one." }),
  panLast4: z.string(),
  updatedAt: isoInstant,
  payoutsHeldUntil: isoInstant.nullable().meta({
    description: `Payouts are paused until then, ${PAYOUT_DETAILS_HOLD_HOURS} hours after the details were last saved; null once they resumed.`,
  }),
});
export type PayoutDetails = z.output<typeof PayoutDetails>;

const route = RouteLink.nullable().meta({
  description: 'Payouts by Razorpay Route: the linked account and what it still needs; null where Route is off on this server.',
});

export const PayoutDetailsAnswer = z.object({
  details: PayoutDetails.nullable().meta({ description: 'Null while the owner has saved none.' }),
  route,
});
export type PayoutDetailsAnswer = z.output<typeof PayoutDetailsAnswer>;

export const PayoutDetailsSaved = z.object({ message: z.string(), details: PayoutDetails, route });
export type PayoutDetailsSaved = z.output<typeof PayoutDetailsSaved>;
