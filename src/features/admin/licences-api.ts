import type { LicenceQueue, LicenceRejection, QueuedLicence } from '../../domain/schemas/licences';
import { client } from '../../lib/api-client';

/** The driving licences awaiting review, oldest first. */
export async function getLicenceQueue(signal?: AbortSignal): Promise<LicenceQueue> {
  return (await client.get<LicenceQueue>('/api/admin/licences', { signal })).data;
}

export async function approveLicence(id: string): Promise<QueuedLicence> {
  return (await client.post<QueuedLicence>(`/api/admin/licences/${encodeURIComponent(id)}/approve`)).data;
}

export async function rejectLicence(id: string, body: LicenceRejection): Promise<QueuedLicence> {
  return (await client.post<QueuedLicence>(`/api/admin/licences/${encodeURIComponent(id)}/reject`, body)).data;
}
