/**
 * A button whose action is confirmed in a dialog first (delete a tier, a price, a release; unpublish), as the
 * list screens' row actions are. The dialog returns focus to the button when it closes.
 */
import { Button, Modal } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { ConfirmActions } from '../../components/confirm';

export function ConfirmButton( {
	children,
	label,
	title,
	text,
	confirmLabel,
	run,
	destructive = true,
}: {
	/** The button's visible text. */
	children: string;
	/** The button's accessible name, when the visible text is not enough ("Delete tier Agency"). */
	label?: string;
	title: string;
	text: string;
	confirmLabel: string;
	run: () => Promise< unknown >;
	destructive?: boolean;
} ) {
	const [ open, setOpen ] = useState( false );
	return (
		<>
			<Button
				variant={ destructive ? 'tertiary' : 'secondary' }
				size="small"
				isDestructive={ destructive }
				aria-label={ label }
				onClick={ () => setOpen( true ) }
			>
				{ children }
			</Button>
			{ open && (
				<Modal
					title={ title }
					size="small"
					onRequestClose={ () => setOpen( false ) }
				>
					<ConfirmActions
						text={ text }
						label={ confirmLabel }
						destructive={ destructive }
						run={ run }
						close={ () => setOpen( false ) }
					/>
				</Modal>
			) }
		</>
	);
}
