import type { ExportCounts } from '@adhd/shared/backup/format';
import { ApiError, getToken, reportUnauthorized, timeZone, type FieldError } from '../../../lib/api';

/** What `POST /api/import` answers (docs/export-format.md). */
export interface ImportResult {
  imported: ExportCounts;
  updated: ExportCounts;
  unchanged: ExportCounts;
}

/**
 * `POST /api/import` with the file's text, through XMLHttpRequest for its upload progress (fetch has none).
 * Errors are `ApiError`s like the app's other calls: status 0 when the network could not be reached.
 */
export function uploadImport(text: string, onProgress: (sent: number, total: number) => void): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL('/api/import', window.location.origin).toString());
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('x-timezone', timeZone());
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error. Please check your connection'));
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as unknown as ImportResult);
      const error = (body.error ?? {}) as { code?: string; message?: string; details?: FieldError[] };
      if (xhr.status === 401 && token) reportUnauthorized();
      reject(new ApiError(xhr.status, error.code ?? `HTTP_${xhr.status}`, error.message ?? 'An unknown error occurred', error.details ?? [], body));
    };
    xhr.send(text);
  });
}
