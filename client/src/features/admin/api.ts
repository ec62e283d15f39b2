import type { FeatureToggles } from '@adhd/shared/site/feature-toggles';
import type { AdminUser, AdminUsersPage, RedirectRule } from '@adhd/shared/admin/schema';
import { request } from '../../lib/api';

/** The admin routes of CONTRACT.md "admin" this feature uses (users, feature toggles, redirects). */
export const adminApi = {
  users: (q: string, page: number, signal?: AbortSignal) =>
    request<AdminUsersPage>('/api/admin/users', { query: { q: q || undefined, page }, signal }),
  patchUser: (id: string, patch: { role?: 'admin' | 'user'; disabled?: boolean }) =>
    request<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
  toggles: () => request<FeatureToggles>('/api/admin/feature-toggles'),
  saveToggles: (patch: Partial<FeatureToggles>) => request<FeatureToggles>('/api/admin/feature-toggles', { method: 'PUT', body: patch }),
  redirects: () => request<RedirectRule[]>('/api/admin/redirects'),
  createRedirect: (rule: { from: string; to: string }) => request<RedirectRule>('/api/admin/redirects', { method: 'POST', body: rule }),
  updateRedirect: (id: string, rule: { from: string; to: string }) =>
    request<RedirectRule>(`/api/admin/redirects/${encodeURIComponent(id)}`, { method: 'PUT', body: rule }),
  deleteRedirect: (id: string) => request<{ success: true }>(`/api/admin/redirects/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
