/**
 * A confirmation dialog for destructive actions.
 */
import { Button, Modal } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

export function Confirm( {
	title,
	children,
	confirmLabel,
	onConfirm,
	onClose,
}: {
	title: string;
	children: JSX.Element | string;
	confirmLabel: string;
	onConfirm: () => Promise< unknown >;
	onClose: () => void;
} ) {
	const [ busy, setBusy ] = useState( false );
	return (
		<Modal title={ title } onRequestClose={ onClose } size="medium">
			<div className="svc-confirm">{ children }</div>
			<div className="svc-modal-actions">
				<Button
					variant="tertiary"
					onClick={ onClose }
					disabled={ busy }
				>
					{ __( 'Cancel', 'svc-licensing' ) }
				</Button>
				<Button
					variant="primary"
					isDestructive
					isBusy={ busy }
					disabled={ busy }
					onClick={ () => {
						setBusy( true );
						onConfirm().finally( () => {
							setBusy( false );
							onClose();
						} );
					} }
				>
					{ confirmLabel }
				</Button>
			</div>
		</Modal>
	);
}
