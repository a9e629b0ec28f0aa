import type { LicenceAnswer, OwnLicence } from '../../domain/schemas/licences';
import { client } from '../../lib/api-client';

/** Photos may take a while to arrive from a phone on a slow network. */
const UPLOAD_TIMEOUT_MS = 120_000;

export async function getLicence(signal?: AbortSignal): Promise<LicenceAnswer> {
  return (await client.get<LicenceAnswer>('/api/account/licence', { signal })).data;
}

export interface LicenceSubmission {
  number: string;
  dateOfBirth: string;
  expiresOn: string;
  front: File;
  back: File;
}

/** The fields first, then the photos: the server checks the fields before it keeps a photo. */
export async function submitLicence(body: LicenceSubmission): Promise<{ licence: OwnLicence; message: string }> {
  const form = new FormData();
  form.append('number', body.number);
  form.append('dateOfBirth', body.dateOfBirth);
  form.append('expiresOn', body.expiresOn);
  form.append('front', body.front);
  form.append('back', body.back);
  const response = await client.post<{ licence: OwnLicence; message: string }>('/api/account/licence', form, {
    // Not the client's JSON: axios then leaves the form as it is, and the browser writes the boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: UPLOAD_TIMEOUT_MS,
  });
  return response.data;
}

export async function deleteLicence(): Promise<void> {
  await client.delete('/api/account/licence');
}
