import type {
  AccountSaved,
  AccountUpdate,
  MessageAnswer,
  PasswordChange,
  PhoneCodeCheck,
  PhoneCodeRequest,
  PhoneCodeSent,
  PhoneVerified,
  SessionAnswer,
} from '../../domain/contract';
import { client } from '../../lib/api-client';

export async function getAccount(signal?: AbortSignal): Promise<SessionAnswer> {
  return (await client.get<SessionAnswer>('/api/account', { signal })).data;
}

export async function updateAccount(body: AccountUpdate): Promise<AccountSaved> {
  return (await client.patch<AccountSaved>('/api/account', body)).data;
}

/** Every other device signed in to the account is signed out; this one stays. */
export async function changePassword(body: PasswordChange): Promise<MessageAnswer> {
  return (await client.post<MessageAnswer>('/api/account/password', body)).data;
}

/** Ends every session of the account, this device's too. */
export async function signOutEverywhere(): Promise<void> {
  await client.delete('/api/account/sessions');
}

/** Texts a code to the mobile; the account's number changes only once the code is confirmed. */
export async function sendPhoneCode(body: PhoneCodeRequest): Promise<PhoneCodeSent> {
  return (await client.post<PhoneCodeSent>('/api/account/phone/code', body)).data;
}

/** The texted code back: the number it went to becomes the account's, verified. */
export async function confirmPhoneCode(body: PhoneCodeCheck): Promise<PhoneVerified> {
  return (await client.post<PhoneVerified>('/api/account/phone/confirm', body)).data;
}
