/** The body of an API error: {"detail": "..."} plus, for validation errors,
 * one list of messages per field, and retry_after on 429. */
export type ErrorBody = {
  detail?: string;
  retry_after?: number;
  [field: string]: unknown;
};

/** ApiError is what every failed API call raises. Its message follows the
 * client contract "HTTP error {status}: {message}"; screens show `detail`,
 * which the server writes in the language of the request. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's localized message, when it sent one. */
  readonly detail: string | null;
  /** Field name → messages, for 400 validation errors. */
  readonly fields: Record<string, string[]>;
  /** Seconds to wait before trying again (429). */
  readonly retryAfter: number | null;

  constructor(status: number, body: unknown, statusText = '', retryAfterHeader: string | null = null) {
    const b = isObject(body) ? (body as ErrorBody) : {};
    const detail = typeof b.detail === 'string' && b.detail !== '' ? b.detail : null;
    const text = typeof body === 'string' && body.trim() !== '' ? body.trim() : null;
    super(`HTTP error ${status}: ${detail ?? text ?? (statusText || 'Request failed')}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.fields = {};
    for (const [k, v] of Object.entries(b)) {
      if (k === 'detail' || k === 'retry_after') continue;
      if (Array.isArray(v)) {
        const msgs = v.filter((m): m is string => typeof m === 'string');
        if (msgs.length > 0) this.fields[k] = msgs;
      } else if (typeof v === 'string') {
        this.fields[k] = [v];
      }
    }
    const ra = typeof b.retry_after === 'number' ? b.retry_after : Number(retryAfterHeader);
    this.retryAfter = Number.isFinite(ra) && ra > 0 ? ra : null;
  }
}

/** NetworkError is raised when the server could not be reached at all. */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network error: Unable to connect to server. Please check your internet connection.', {
      cause,
    });
    this.name = 'NetworkError';
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
