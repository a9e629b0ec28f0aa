import { client } from '../../lib/api-client';
import type {
  Credentials,
  LoginAnswer,
  OwnerRegistration,
  RegisterAnswer,
  SessionLogin,
  UserRegistration,
} from '../../domain/contract';

export async function registerUser(body: UserRegistration): Promise<RegisterAnswer> {
  return (await client.post<RegisterAnswer>('/register/user', body)).data;
}

export async function registerOwner(body: OwnerRegistration): Promise<RegisterAnswer> {
  return (await client.post<RegisterAnswer>('/register/owner', body)).data;
}

export async function loginUser(body: Credentials): Promise<LoginAnswer> {
  return (await client.post<LoginAnswer>('/carsSchema', body)).data;
}

export async function loginOwner(body: Credentials): Promise<LoginAnswer> {
  return (await client.post<LoginAnswer>('/ownerloginSchema', body)).data;
}

/** The sign-in page's call: the spec's empty path, where `email` may also be a username. */
export async function signIn(body: Credentials): Promise<LoginAnswer> {
  return (await client.post<LoginAnswer>('/', body)).data;
}

export async function startSession(body: SessionLogin): Promise<LoginAnswer> {
  return (await client.post<LoginAnswer>('/api/session', body)).data;
}
