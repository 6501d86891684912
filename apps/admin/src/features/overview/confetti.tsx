/** A short burst of confetti when the eligibility modal opens (spec 1 §4.5: cosmetic). */
import type { CSSProperties } from "react";

const COLOURS = ["#3858e9", "#00a32a", "#f0b849", "#d63638", "#9b51e0"];
const PIECES = Array.from({ length: 36 }, (_, index) => ({
	left: `${(index * 37) % 100}%`,
	delay: `${(index % 9) * 0.08}s`,
	colour: COLOURS[index % COLOURS.length],
	turn: `${(index * 53) % 360}deg`,
}));

export function Confetti() {
	return (
		<div className="paydesk-confetti" aria-hidden="true">
			{PIECES.map((piece) => (
				<span
					key={`${piece.left}-${piece.delay}`}
					style={
						{
							left: piece.left,
							animationDelay: piece.delay,
							background: piece.colour,
							"--paydesk-confetti-turn": piece.turn,
						} as CSSProperties
					}
				/>
			))}
		</div>
	);
}
