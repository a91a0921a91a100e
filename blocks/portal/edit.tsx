/**
 * The portal in the editor: what the page's visitors will get, in words (the live portal needs a signed-in customer).
 */
import { useBlockProps } from '@wordpress/block-editor';
import { Placeholder } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

export default function Edit() {
	return (
		<div { ...useBlockProps() }>
			<Placeholder
				icon="admin-network"
				label={ __( 'My licences', 'svc-licensing' ) }
				instructions={ __(
					'Visitors enter their email address and get a one-time sign-in link. Signed in, they see every licence bought with that address, with its sites, and can deactivate a site, download the latest version, get a new key and renew. Logged-in users whose account email matches see their licences at once.',
					'svc-licensing'
				) }
			/>
		</div>
	);
}
