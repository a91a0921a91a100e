/**
 * The body of a confirmation dialog for a destructive (or otherwise weighty) action: what happens, Cancel, and the action.
 * DataViews opens the dialog around it; the action's promise settles before the dialog closes.
 */
import { Button } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

export function ConfirmActions( {
	text,
	label,
	run,
	close,
	destructive = true,
	keepLabel = __( 'Cancel', 'svc-licensing' ),
}: {
	text: string;
	label: string;
	run: () => Promise< unknown >;
	close: () => void;
	/** False for an action that is confirmed but destroys nothing (a replay). */
	destructive?: boolean;
	/** The button that keeps things as they are, where "Cancel" would be ambiguous ("Keep licence"). */
	keepLabel?: string;
} ) {
	const [ busy, setBusy ] = useState( false );
	return (
		<>
			<p>{ text }</p>
			<div className="svc-modal-actions">
				<Button variant="tertiary" onClick={ close } disabled={ busy }>
					{ keepLabel }
				</Button>
				<Button
					variant="primary"
					isDestructive={ destructive }
					isBusy={ busy }
					disabled={ busy }
					onClick={ () => {
						setBusy( true );
						run().finally( close );
					} }
				>
					{ label }
				</Button>
			</div>
		</>
	);
}

/** Cancel and submit, at the foot of a form in a dialog. */
export function FormActions( {
	onCancel,
	submitLabel,
	busy,
	disabled = false,
}: {
	onCancel: () => void;
	submitLabel: string;
	busy: boolean;
	disabled?: boolean;
} ) {
	return (
		<div className="svc-modal-actions">
			<Button variant="tertiary" onClick={ onCancel }>
				{ __( 'Cancel', 'svc-licensing' ) }
			</Button>
			<Button
				variant="primary"
				type="submit"
				isBusy={ busy }
				disabled={ busy || disabled }
			>
				{ submitLabel }
			</Button>
		</div>
	);
}
