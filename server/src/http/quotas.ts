// The write quotas live in the limits domain (server/src/limits); these names stay here only until
// the modules still importing them from http/ (config, bookings, comments, owner cars) import them from there.
export { checkCarLimit, DEFAULT_QUOTAS, enforceQuota, type WriteQuotas } from '../limits/quotas';
