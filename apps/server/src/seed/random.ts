/**
 * The seeded randomness of the demo store: sfc32, a small fast 128-bit generator, so the same
 * seed replays the same store byte for byte. Never Math.random or Date.now in the generator.
 */

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BASE62_CODES = Array.from(BASE62, (char) => char.charCodeAt(0));
const UNDERSCORE = "_".charCodeAt(0);
/** Character codes of the id being built. */
const codes: number[] = [];

/** A list of choices with weights, turned into a cumulative table once. */
export class Weighted<T> {
	private readonly values: T[] = [];
	private readonly cumulative: number[] = [];
	private readonly total: number;

	constructor(entries: readonly (readonly [T, number])[]) {
		let sum = 0;
		for (const [value, weight] of entries) {
			if (weight <= 0) continue;
			sum += weight;
			this.values.push(value);
			this.cumulative.push(sum);
		}
		if (this.values.length === 0) throw new Error("Weighted: no choice with a positive weight");
		this.total = sum;
	}

	pick(random: Random): T {
		const target = random.next() * this.total;
		const cumulative = this.cumulative;
		let index = 0;
		while (index < cumulative.length - 1 && (cumulative[index] ?? 0) <= target) index++;
		return this.values[index] as T;
	}
}

export class Random {
	private a: number;
	private b: number;
	private c: number;
	private d: number;

	constructor(seed: number) {
		// splitmix32 spreads a small integer seed over the four words of state.
		let state = seed >>> 0;
		const mix = (): number => {
			state = (state + 0x9e3779b9) | 0;
			let z = state;
			z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
			z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
			return (z ^ (z >>> 16)) >>> 0;
		};
		this.a = mix();
		this.b = mix();
		this.c = mix();
		this.d = mix();
		for (let i = 0; i < 15; i++) this.uint32();
	}

	/** An independent stream for one concern, so adding draws elsewhere does not shift it. */
	fork(salt: number): Random {
		return new Random((this.uint32() ^ Math.imul(salt, 0x27d4eb2d)) >>> 0);
	}

	uint32(): number {
		const t = (((this.a + this.b) | 0) + this.d) | 0;
		this.d = (this.d + 1) | 0;
		this.a = this.b ^ (this.b >>> 9);
		this.b = (this.c + (this.c << 3)) | 0;
		this.c = (this.c << 21) | (this.c >>> 11);
		this.c = (this.c + t) | 0;
		return t >>> 0;
	}

	/** A float in [0, 1). */
	next(): number {
		return this.uint32() / 4294967296;
	}

	/** An integer in [min, max], both included. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	/** A float in [min, max). */
	between(min: number, max: number): number {
		return min + this.next() * (max - min);
	}

	chance(probability: number): boolean {
		return this.next() < probability;
	}

	pick<T>(list: readonly T[]): T {
		if (list.length === 0) throw new Error("Random.pick: empty list");
		return list[Math.floor(this.next() * list.length)] as T;
	}

	/** A string of decimal digits, e.g. card last4. */
	digits(length: number): string {
		let out = "";
		for (let i = 0; i < length; i++) out += String(this.uint32() % 10);
		return out;
	}

	/** Random base62 characters; one 32-bit draw yields five of them. */
	base62(length: number): string {
		codes.length = 0;
		this.pushBase62(length);
		return String.fromCharCode(...codes);
	}

	private pushBase62(length: number): void {
		let word = 0;
		let left = 0;
		for (let i = 0; i < length; i++) {
			if (left === 0) {
				word = this.uint32();
				left = 5;
			}
			codes.push(BASE62_CODES[word % 62] as number);
			word = Math.floor(word / 62);
			left--;
		}
	}

	/**
	 * A processor-style id: prefix, then the creation second in six base62 characters, then
	 * eighteen random ones (24 in all). Ids sort by time, so bulk loads append to the indexes.
	 * Built from character codes in one piece: a concatenated id is a rope of pieces, which
	 * SQLite's binding first copies into one string.
	 */
	id(prefix: string, seconds: number): string {
		codes.length = 0;
		for (let i = 0; i < prefix.length; i++) codes.push(prefix.charCodeAt(i));
		codes.push(UNDERSCORE);
		pushTimePrefix(seconds);
		this.pushBase62(18);
		return String.fromCharCode(...codes);
	}
}

/** The creation second in six base62 characters, most significant first. */
function pushTimePrefix(seconds: number): void {
	let value = Math.max(0, Math.floor(seconds));
	const start = codes.length;
	for (let i = 0; i < 6; i++) codes.push(0);
	for (let i = 5; i >= 0; i--) {
		codes[start + i] = BASE62_CODES[value % 62] as number;
		value = Math.floor(value / 62);
	}
}
