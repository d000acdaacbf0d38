/**
 * The exit codes every command shares: 0 done, 1 drift (`check`) or a failed
 * API call (`pull`), 2 bad input. Part of the public API, so a project's own
 * CLI around the generator exits the same way.
 */
export const EXIT = { ok: 0, drift: 1, badInput: 2 } as const;
