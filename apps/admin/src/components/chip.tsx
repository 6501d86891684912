/** A status chip: the label a status table gives, in the colour it names. */
export type ChipType = "success" | "warning" | "primary" | "light" | "alert" | "normal";

export function Chip({
	label,
	type = "normal",
	tooltip,
}: {
	label: string;
	type?: ChipType;
	tooltip?: string;
}) {
	return (
		<span className={`paydesk-chip is-${type}`} title={tooltip}>
			{label}
		</span>
	);
}
