/**
 * The release form's package: a ZIP dropped on the zone or picked with the file input, its name and size shown,
 * a refusal (not a ZIP, or the server's) under it.
 */
import { DropZone } from '@wordpress/components';
import { useRef } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/** Whether a picked file looks like a ZIP archive (the server checks its bytes). */
export const looksLikeZip = ( file: File ) =>
	/\.zip$/i.test( file.name ) ||
	file.type === 'application/zip' ||
	file.type === 'application/x-zip-compressed';

export function PackagePicker( {
	file,
	onFile,
	error,
}: {
	file: File | null;
	onFile: ( file: File | null ) => void;
	error?: string;
} ) {
	const input = useRef< HTMLInputElement >( null );
	return (
		<div
			className={ `svc-dropzone${ error ? ' has-error' : '' }` }
			data-testid="svc-release-dropzone"
		>
			<DropZone
				label={ __( 'Drop the ZIP file here', 'svc-licensing' ) }
				onFilesDrop={ ( files ) => onFile( files[ 0 ] ?? null ) }
			/>
			<label htmlFor="svc-release-file">
				{ __( 'ZIP file', 'svc-licensing' ) }
			</label>
			<p className="svc-dropzone-hint">
				{ file
					? sprintf(
							/* translators: 1: file name, 2: size in KB. */
							__( 'Chosen: %1$s (%2$s KB)', 'svc-licensing' ),
							file.name,
							Math.max( 1, Math.round( file.size / 1024 ) )
						)
					: __(
							'Drag the ZIP of your plugin or theme here, or choose it.',
							'svc-licensing'
						) }
			</p>
			<input
				ref={ input }
				id="svc-release-file"
				type="file"
				accept=".zip,application/zip"
				aria-invalid={ error ? true : undefined }
				aria-describedby={
					error ? 'svc-release-file-error' : undefined
				}
				onChange={ ( event ) => {
					onFile( event.target.files?.[ 0 ] ?? null );
					// The same file can be picked again after the form is cleared.
					event.target.value = '';
				} }
			/>
			{ error && (
				<p
					id="svc-release-file-error"
					className="svc-field-error"
					role="alert"
				>
					{ error }
				</p>
			) }
		</div>
	);
}
