/**
 * The simulator's progress bar on stderr (so stdout keeps only the summary): on a terminal it
 * redraws one line in place, at most ten times a second; in a log or a pipe it writes a line at
 * every tenth of the run.
 */

export interface ProgressStream {
	write(text: string): unknown;
	isTTY?: boolean;
	columns?: number;
}

export interface ProgressState {
	done: number;
	errors: number;
	elapsedMs: number;
}

export interface ProgressBar {
	update(state: ProgressState): void;
	/** Draws the final state and ends the line. */
	finish(state: ProgressState): void;
}

const BAR_WIDTH = 24;
const REDRAW_MS = 100;

/** "[#########...............]  180/500  36%  12.4/s  0 errors" */
export function progressLine(total: number, state: ProgressState): string {
	const fraction = total > 0 ? Math.min(1, state.done / total) : 0;
	const filled = Math.round(fraction * BAR_WIDTH);
	const rate = state.done / Math.max(state.elapsedMs / 1_000, 0.001);
	const width = String(total).length;
	return [
		`[${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}]`,
		`${String(state.done).padStart(width)}/${total}`,
		`${Math.floor(fraction * 100)
			.toString()
			.padStart(3)}%`,
		`${rate.toFixed(1)}/s`,
		`${state.errors} error${state.errors === 1 ? "" : "s"}`,
	].join("  ");
}

export function createProgressBar(total: number, stream: ProgressStream): ProgressBar {
	const tty = stream.isTTY === true;
	let lastDraw = -Infinity;
	let lastTenth = 0;
	const draw = (state: ProgressState) => {
		const text = progressLine(total, state);
		stream.write(`\r${text.slice(0, Math.max(20, (stream.columns ?? 120) - 1))}\u001b[K`);
	};
	return {
		update(state) {
			if (tty) {
				if (state.elapsedMs - lastDraw < REDRAW_MS) return;
				lastDraw = state.elapsedMs;
				draw(state);
				return;
			}
			const tenth = total > 0 ? Math.floor((10 * state.done) / total) : 0;
			if (tenth > lastTenth && tenth < 10) {
				lastTenth = tenth;
				stream.write(`${progressLine(total, state)}\n`);
			}
		},
		finish(state) {
			if (tty) {
				draw(state);
				stream.write("\n");
			} else stream.write(`${progressLine(total, state)}\n`);
		},
	};
}
