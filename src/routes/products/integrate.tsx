/**
 * Products > Integrate: how a seller wires a product to this server with the client SDK. The product is in the
 * URL (`product=<slug>`), so a reload or a shared link opens the same one.
 */
import {
	Button,
	Card,
	CardBody,
	SelectControl,
	Spinner,
} from '@wordpress/components';
import { useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import { LoadError, useLoad } from '../../components/async';
import { useNotify } from '../../components/notices';
import { queryArg, setQueryArgs } from '../../components/url-state';
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

export function Integrate( { client }: { client: ServiceClient } ) {
	const [ products, reload ] = useLoad( () => client.products(), [] );
	const [ slug, setSlug ] = useState( queryArg( 'product' ) ?? '' );
	const code = useRef< HTMLElement >( null );
	if ( products.kind === 'loading' ) {
		return <Spinner />;
	}
	if ( products.kind === 'error' ) {
		return <LoadError message={ products.message } onRetry={ reload } />;
	}
	const items = products.value.items;
	if ( items.length === 0 ) {
		return (
			<p className="svc-empty">
				{ __(
					'Add a product first: the call names its slug.',
					'svc-licensing'
				) }
			</p>
		);
	}
	const product = items.find( ( item ) => item.slug === slug ) ?? items[ 0 ];
	const { homeUrl, restUrl, nonce } = panelConfig();
	const snippet = integrationSnippet( {
		homeUrl,
		restUrl,
		slug: product.slug,
	} );
	return (
		<Card className="svc-integrate">
			<CardBody>
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Product', 'svc-licensing' ) }
					value={ product.slug }
					options={ items.map( ( item ) => ( {
						value: item.slug,
						label: item.name,
					} ) ) }
					onChange={ ( value: string ) => {
						setSlug( value );
						setQueryArgs( { product: value } );
					} }
				/>
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
									'Upload a release under Products > Releases: a ZIP whose top folder is named like your plugin (%s/). Once a customer has activated their key on their site, WordPress offers each new release on its Updates screen.',
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
