/**
 * Shows a secret (licence key, API key, webhook signing secret) the one time the server returns it, with a copy button.
 */
import { Button, Notice } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

export function SecretOnce( {
	label,
	value,
	onDone,
	note = __(
		'Copy it now: you will not see this again. Only a hash is stored.',
		'svc-licensing'
	),
}: {
	label: string;
	value: string;
	/** What the warning says; the default fits secrets stored as a hash. */
	note?: string;
	/** Closes the dialog it stands in. */
	onDone: () => void;
} ) {
	const [ copied, setCopied ] = useState( false );
	return (
		<div className="svc-secret-once">
			<Notice status="warning" isDismissible={ false }>
				{ note }
			</Notice>
			<p>
				<strong>{ label }</strong>
			</p>
			<code className="svc-secret" data-testid="svc-secret-value">
				{ value }
			</code>{ ' ' }
			<Button
				variant="secondary"
				onClick={ () => {
					navigator.clipboard
						.writeText( value )
						.then( () => setCopied( true ) );
				} }
			>
				{ copied
					? __( 'Copied', 'svc-licensing' )
					: __( 'Copy', 'svc-licensing' ) }
			</Button>
			<div className="svc-modal-actions">
				<Button variant="primary" onClick={ onDone }>
					{ __( 'Done', 'svc-licensing' ) }
				</Button>
			</div>
		</div>
	);
}
