/**
 * Products > a product > Integrate: how a seller wires the product to this server with the client SDK. The
 * product is the page's (`product=<id>&tab=integrate` in the URL).
 */
import { Button, Card, CardBody } from '@wordpress/components';
import { useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { Product } from '../../api/types';
import { useNotify } from '../../components/notices';
import { panelConfig } from '../../panel-config';
import { integrationSnippet, sdkDownloadUrl } from './integrate-snippet';

function CopyButton( {
	text,
	target,
}: {
	text: string;
	/** The element holding the text, selected when the browser refuses the clipboard. */
	target: { current: HTMLElement | null };
} ) {
	const notify = useNotify();
	const [ copied, setCopied ] = useState( false );
	const copy = () => {
		const clipboard = window.navigator.clipboard;
		( clipboard
			? clipboard.writeText( text )
			: Promise.reject( new Error( 'no clipboard' ) )
		).then(
			() => {
				setCopied( true );
				notify.success( __( 'Snippet copied.', 'svc-licensing' ) );
			},
			() => {
				setCopied( false );
				const node = target.current;
				node?.ownerDocument.defaultView
					?.getSelection()
					?.selectAllChildren( node );
				notify.error(
					new Error(
						__(
							'The browser did not allow copying. The snippet is selected: press Ctrl+C (⌘C on a Mac).',
							'svc-licensing'
						)
					)
				);
			}
		);
	};
	return (
		<Button variant="secondary" onClick={ copy }>
			{ copied
				? __( 'Copied', 'svc-licensing' )
				: __( 'Copy snippet', 'svc-licensing' ) }
		</Button>
	);
}

export function Integrate( { product }: { product: Product } ) {
	const code = useRef< HTMLElement >( null );
	const { homeUrl, restUrl, nonce } = panelConfig();
	const snippet = integrationSnippet( {
		homeUrl,
		restUrl,
		slug: product.slug,
	} );
	return (
		<Card className="svc-integrate">
			<CardBody>
				<h3>
					{ sprintf(
						/* translators: %s: product name. */
						__(
							'Licence and update %s with the client SDK',
							'svc-licensing'
						),
						product.name
					) }
				</h3>
				<ol className="svc-integrate-steps">
					<li>
						<p>
							{ __(
								'Copy the SDK into your plugin or theme as the folder vendor/svc-licensing-client/: download the zip and unzip it there.',
								'svc-licensing'
							) }
						</p>
						<Button
							variant="primary"
							href={ sdkDownloadUrl( restUrl, nonce ) }
							download
						>
							{ __( 'Download the SDK (zip)', 'svc-licensing' ) }
						</Button>
					</li>
					<li>
						<p>
							{ __(
								"Paste this call into your plugin's main file (for a theme, into functions.php):",
								'svc-licensing'
							) }
						</p>
						<pre className="svc-snippet" data-testid="svc-snippet">
							<code ref={ code }>{ snippet }</code>
						</pre>
						<CopyButton text={ snippet } target={ code } />
					</li>
					<li>
						<p>
							{ sprintf(
								/* translators: %s: product slug. */
								__(
									'Upload a release on the Releases tab: a ZIP whose top folder is named like your plugin (%s/). Once a customer has activated their key on their site, WordPress offers each new release on its Updates screen.',
									'svc-licensing'
								),
								product.slug
							) }
						</p>
					</li>
				</ol>
				<p>
					{ __(
						"The SDK's README.md, inside the zip, explains the options, the licence screen and the network rules.",
						'svc-licensing'
					) }
				</p>
			</CardBody>
		</Card>
	);
}
