/**
 * What the server says, word for word (as written in server/src). The app tests' fakes answer
 * with these, and the contract tests (tests/contract) check that the real server still says each
 * of them, so a fake cannot drift from the server's wording unnoticed. The one exception is
 * `serverFault`, which no well-formed request can provoke: server/tests/openapi.test.ts pins it on
 * the server's side.
 */
export const serverSays = {
  registeredUser: 'Successfully Registered',
  registeredOwner: 'Registration Successful',
  signedIn: 'Signed in.',
  passwordsDiffer: 'Passwords do not match.',
  alreadyRegistered: 'An account with this email or username already exists.',
  invalidLogin: 'Invalid email or password.',
  tooManySignIns: 'Too many failed sign-in attempts from your address. Please try again in 15 minutes.',
  notSignedIn: 'Please sign in first.',
  ownersOnly: 'This is for owner accounts: sign in with an owner account.',
  notAnId: 'The id is not valid.',
  badCarUrl: 'Picture address must be an http:// or https:// address, or a path on this site beginning with "/".',
  notYourCar: 'There is no such car among your cars.',
  nothingDeleted: 'Nothing was deleted: at least one of these cars is not among your cars.',
  noSuchCar: 'There is no car by that name.',
  toBeforeFrom: 'The end must be after the start.',
  alreadyBooked: 'This car is already booked for part of that period.',
  noSuchPost: 'There is no such blog post.',
  noSuchComment: 'There is no such comment.',
  notYourComment: 'You can only delete your own comments.',
  emptyComment: 'Comment must not be empty.',
  emptyReply: 'Your reply must not be empty.',
  repeatedComment: 'You posted this comment a moment ago.',
  contactThanks: 'Thanks, we will get back to you soon.',
  tooManyMessages: 'You have sent 5 messages in the last hour. Please try again in 60 minutes.',
  subscribed: 'Thanks for subscribing.',
  notAnEmail: 'Email must be an email address.',
  resetRequested:
    'If an account uses this email, we have sent it a link to choose a new password. It works for 30 minutes; check your spam folder if it does not arrive.',
  passwordSet: 'Your new password is set, and every device signed in with the old one was signed out. Sign in with it.',
  unknownResetLink: 'This reset link is not valid. Ask for a new one on the Forgot Password page.',
  usedResetLink: 'This reset link has already been used. Ask for a new one on the Forgot Password page.',
  detailsSaved: 'Your details are saved.',
  codeTexted: 'We texted a code to +919876501234. It works for 10 minutes.',
  codeQueued: 'We are texting a code to +919876501234; it may take a minute to arrive. It works for 10 minutes.',
  phoneVerified: 'Your phone number +91 98765 01234 is verified.',
  wrongCode: 'That code is not right. 4 tries left.',
  verifyToBook:
    'Verify your phone number before your first booking request: the owner needs a number that reaches you. You can do it on your account page.',
  verifyForPayouts: 'Verify your phone number before saving payout details. You can do it on your account page.',
  ownerPhoneRequired: 'Phone number is needed on an owner account: renters who book your cars use it to reach you.',
  notAPhoneNumber: 'Phone number must be a phone number of 7 to 20 characters: digits, spaces, "+", "-" or brackets.',
  passwordChanged: 'Your password is changed. Every other device signed in to your account was signed out.',
  wrongCurrentPassword: 'Current password is not right: type the password you signed in with.',
  /** Saved on Dec 1 2026 at 10:00 India time: the pause ends 48 hours later. */
  payoutDetailsSaved: 'Your payout details are saved. As after every change, payouts pause until Dec 03 2026 10:00 India time.',
  payoutsNotConfigured:
    'Payouts are not set up on this site yet, so payout details cannot be saved or shown. Please tell support.',
  cannotDisableSelf: 'You cannot disable your own account: another admin must do it.',
  carArchived:
    'This car was removed by its owner and is archived: it is out of every list for good, so it cannot be delisted or relisted.',
  noCommentOrReply: 'No comment or reply has this id.',
  noContactMessage: 'No contact message has this id.',
  nothingToSend: 'No payout of this run is waiting to be sent: each one is already paid or failed.',
  utrUsedOnP1: "This UTR is already recorded for payout P-1: check the reference on the bank's statement.",
  p1AlreadyPaid: 'Payout P-1 is already marked paid, so nothing was changed.',
  tenMessagesAMinute: 'You have sent 10 messages in the last minute. Please try again in 1 minute.',
  adminReadsInConsole:
    "This conversation is between the renter and the car's owner: admins read it from the booking in the console, where each reading is recorded.",
  serverFault: 'Something went wrong on our side. Please try again in a moment.',
} as const;
