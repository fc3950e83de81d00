/** The two error shapes GoTrue answers with (GT `apierrors`, `errors.go`). */

/** An API error: `{code, message}` for clients of API version 2024-01-01, else the legacy shape. */
export class AuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Extra top-level fields GoTrue adds, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** RFC 6749 errors, which GoTrue answers in OAuth's own shape whatever the API version. */
export class OAuthFailure extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}
