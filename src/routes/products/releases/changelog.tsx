/**
 * A release's changelog: shown (the stored, sanitised HTML) and edited in place.
 */
import { Button, TextareaControl } from '@wordpress/components';
import { RawHTML, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../../api/client';
import type { Release } from '../../../api/types';
import { useMutation } from '../../../components/mutation';

export function Changelog( {
	client,
	release,
	onChanged,
}: {
	client: ServiceClient;
	release: Release;
	onChanged: () => void;
} ) {
	const mutate = useMutation();
	const [ editing, setEditing ] = useState< string | null >( null );
	if ( editing !== null ) {
		return (
			<form
				className="svc-changelog-edit"
				onSubmit={ ( event ) => {
					event.preventDefault();
					mutate(
						() =>
							client.updateRelease( release.id, {
								changelog: editing,
							} ),
						{
							success: __( 'Changelog saved.', 'svc-licensing' ),
							reload: () => {
								setEditing( null );
								onChanged();
							},
						}
					);
				} }
			>
				<TextareaControl
					label={ sprintf(
						/* translators: %s: version. */
						__( 'Changelog of %s (HTML)', 'svc-licensing' ),
						release.version
					) }
					value={ editing }
					onChange={ setEditing }
				/>
				<Button variant="primary" size="small" type="submit">
					{ __( 'Save changelog', 'svc-licensing' ) }
				</Button>{ ' ' }
				<Button
					variant="tertiary"
					size="small"
					onClick={ () => setEditing( null ) }
				>
					{ __( 'Cancel', 'svc-licensing' ) }
				</Button>
			</form>
		);
	}
	return (
		<div className="svc-changelog">
			<h4>{ __( 'Changelog', 'svc-licensing' ) }</h4>
			{ release.changelog.trim() === '' ? (
				<p className="svc-empty">
					{ __( 'No changelog.', 'svc-licensing' ) }
				</p>
			) : (
				// Stored HTML: every writer (the release API, WP-CLI, a restore) keeps it through the server's
				// Releases::changelog() (wp_kses_post), so what renders here is the sanitised form.
				<RawHTML className="svc-changelog-text">
					{ release.changelog }
				</RawHTML>
			) }
			<Button
				variant="link"
				onClick={ () => setEditing( release.changelog ) }
				aria-label={ sprintf(
					/* translators: %s: version. */
					__( 'Edit changelog of %s', 'svc-licensing' ),
					release.version
				) }
			>
				{ __( 'Edit changelog', 'svc-licensing' ) }
			</Button>
		</div>
	);
}
