/** The time, injected: milliseconds since the epoch, as Date.now gives it. Tests pass their own. */
export type Clock = () => number;
