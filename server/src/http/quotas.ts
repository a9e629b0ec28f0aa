// The write quotas live in the limits domain (server/src/limits); these names stay here only until
// the modules still importing them from http/ (config, the bookings domain) import them from there.
export { DEFAULT_QUOTAS, enforceQuota, type WriteQuotas } from '../limits/quotas';
