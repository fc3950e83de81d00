/**
 * The message about a list as a whole (the options, the BOM): react-hook-form keeps it on the
 * list's error, or on its `root` when items have errors of their own.
 */
export function arrayError(error: unknown): string | undefined {
  const withMessage = error as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = withMessage?.message ?? withMessage?.root?.message;
  return typeof message === 'string' ? message : undefined;
}
