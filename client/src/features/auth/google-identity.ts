import type { GoogleSignInConfig } from '@adhd/shared/google/types';
import type { GoogleConnectBody, GoogleSignInBody } from '@adhd/shared/google/signin';
import type { PublicUser } from '@adhd/shared/users/schema';
import { request } from '../../lib/api';

/**
 * Google Identity Services (GIS) and the sign-in routes (docs/google-signin.md). The GIS script is injected only
 * when a screen shows the Google button and the server offers Google sign-in: never in index.html or the first
 * bundle. Tests put a fake `window.google` in place, and then no script is injected at all.
 */

export const GIS_SRC = 'https://accounts.google.com/gsi/client';

/** The part of `google.accounts.id` this app uses. */
export interface GoogleAccountsId {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: 'popup'; auto_select?: boolean; use_fedcm_for_prompt?: boolean }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
  cancel?(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

let loading: Promise<GoogleAccountsId> | null = null;

/** `google.accounts.id`, injecting the GIS script on first use; rejects when it cannot load (offline, blocked). */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SRC;
    script.async = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null; // a later screen may try again (back online)
    throw err;
  });
  return loading;
}

/** Whether the server offers Google sign-in; offline or any failure counts as "not offered" (no error shown). */
export async function getGoogleConfig(): Promise<GoogleSignInConfig> {
  try {
    return await request<GoogleSignInConfig>('/api/auth/google/config', { auth: false, retries: 0, timeoutMs: 10_000 });
  } catch {
    return { available: false, clientId: null };
  }
}

export interface SessionAnswer {
  user: PublicUser;
  token: string;
}

/** `POST /api/auth/google`: sign in (or create the account) with an ID token. */
export const postGoogleSignIn = (body: GoogleSignInBody) =>
  request<SessionAnswer>('/api/auth/google', { method: 'POST', body, auth: false, retries: 0 });

/** `POST /api/auth/connect-google`: link the signed-in account to the Google account of the ID token. */
export const postConnectGoogle = (body: GoogleConnectBody) =>
  request<{ success: boolean; user: PublicUser }>('/api/auth/connect-google', { method: 'POST', body, retries: 0 });

/** `POST /api/auth/disconnect-google`. */
export const postDisconnectGoogle = () =>
  request<{ success: boolean; user: PublicUser }>('/api/auth/disconnect-google', { method: 'POST', retries: 0 });
