// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api-error';
import { fieldNamedIn, placeErrors, serverFieldError } from '../src/lib/form-errors';
import { serverSays } from './mocks/server-says';

const labels = new Map([
  ['currentPassword', 'Current password'],
  ['password', 'New password'],
  ['confirmPassword', 'Confirm new password'],
  ['phoneNumber', 'Phone Number'],
  ['comment', 'Comment (optional)'],
]);

describe('the field a sentence is about', () => {
  it('is the one whose name, in the contract’s words or the form’s, starts it', () => {
    expect(fieldNamedIn(serverSays.wrongCurrentPassword, labels)).toBe('currentPassword');
    expect(fieldNamedIn(serverSays.ownerPhoneRequired, labels)).toBe('phoneNumber');
    expect(fieldNamedIn('Password must be at least 8 characters.', labels)).toBe('password');
    expect(fieldNamedIn('Comment must be at most 500 characters.', labels)).toBe('comment');
  });

  it('is none when the sentence starts with no field’s name', () => {
    expect(fieldNamedIn(serverSays.passwordsDiffer, labels)).toBeUndefined();
    expect(fieldNamedIn(serverSays.alreadyRegistered, labels)).toBeUndefined();
  });
});

describe('a failed call’s answer', () => {
  it('goes to its field when it is a refusal naming one', () => {
    const refusal = new ApiError(403, serverSays.wrongCurrentPassword, serverSays.wrongCurrentPassword);
    expect(serverFieldError(refusal, labels)).toEqual({ name: 'currentPassword', message: serverSays.wrongCurrentPassword });
  });

  it('stays with the form when it is no refusal of a value, or has no sentence of the server’s', () => {
    expect(serverFieldError(new ApiError(500, 'Password store is down.', 'Password store is down.'), labels)).toBeUndefined();
    expect(serverFieldError(new ApiError(0, 'We could not reach the server.'), labels)).toBeUndefined();
  });
});

describe('placing a form’s errors', () => {
  it('puts each under its field, by path or by the name it starts with, and the rest in the alert', () => {
    const placed = placeErrors(
      new Map([
        ['password', 'Password must be at least 8 characters.'],
        ['', 'Phone number is needed on an owner account.'],
        ['token', 'The reset link has no token: open the link from the mail again.'],
      ]),
      labels,
    );
    expect(placed.fields).toEqual(
      new Map([
        ['password', 'Password must be at least 8 characters.'],
        ['phoneNumber', 'Phone number is needed on an owner account.'],
      ]),
    );
    expect(placed.form).toBe('The reset link has no token: open the link from the mail again.');
  });
});
