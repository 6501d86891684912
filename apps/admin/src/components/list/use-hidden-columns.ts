/**
 * Column visibility as a per-user preference (user meta holding the hidden column keys, one
 * key per table), so a hidden column stays hidden after a reload and on another computer.
 */
import { useCurrentUser, useSaveUserMeta } from "../../data/current-user.ts";

export function useHiddenColumns(
	preferenceKey: string,
	defaultHidden: readonly string[],
): { hidden: readonly string[]; ready: boolean; toggle: (key: string) => void } {
	const user = useCurrentUser();
	const saved = user.data?.meta[preferenceKey];
	const hidden = Array.isArray(saved)
		? saved.filter((key): key is string => typeof key === "string")
		: defaultHidden;
	const save = useSaveUserMeta(`save-${preferenceKey}`);

	return {
		hidden,
		ready: !user.isPending,
		toggle: (key) =>
			save.mutate({
				[preferenceKey]: hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key],
			}),
	};
}
