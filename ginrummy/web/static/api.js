// HTTP calls to the server: JSON in and out, errors as ApiError with the server's code.

export class ApiError extends Error {
  constructor(status, code, message, reason = null, retryAfter = null, details = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.reason = reason;
    this.retryAfter = retryAfter;
    this.details = details; // the error's other fields, for its words (a rate and its minimum)
  }
}

export async function api(path, { method = "GET", body, headers = {} } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: { Accept: "application/json", ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, "network", String(error && error.message ? error.message : error));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.code || `http_${response.status}`, error.message || response.statusText, error.reason || null, error.retry_after ?? null, error);
  }
  return data;
}
