/** The primary button at the foot of a WordPress options form ("Save Changes", "Update Profile"). */
import { Button } from "@wordpress/components";
import type { ReactNode } from "react";

export function OptionsSaveButton({ saving, children }: { saving: boolean; children: ReactNode }) {
	return (
		<div className="paydesk-options-form__save">
			<Button type="submit" variant="primary" isBusy={saving} disabled={saving} accessibleWhenDisabled>
				{children}
			</Button>
		</div>
	);
}
