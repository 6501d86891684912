/** The one source of "now" for the processor, the jobs and the auth code, so tests can hold time. */
export interface Clock {
	now(): Date;
	/** UTC epoch seconds. */
	seconds(): number;
}

export const systemClock: Clock = {
	now: () => new Date(),
	seconds: () => Math.floor(Date.now() / 1000),
};

/**
 * Real time moved so that it reads `start` at the real moment `at` (epoch milliseconds; by
 * default when the clock is made), running on from there at real speed. A demo or a browser
 * journey built on it sees the same store at every run.
 */
export function startedClock(start: Date, at?: number, realNow: () => number = Date.now): Clock {
	const shift = start.getTime() - (at ?? realNow());
	return {
		now: () => new Date(realNow() + shift),
		seconds: () => Math.floor((realNow() + shift) / 1000),
	};
}

export function fixedClock(at: Date): Clock & { set(to: Date): void; advance(seconds: number): void } {
	let current = at.getTime();
	return {
		now: () => new Date(current),
		seconds: () => Math.floor(current / 1000),
		set: (to) => {
			current = to.getTime();
		},
		advance: (seconds) => {
			current += seconds * 1000;
		},
	};
}
